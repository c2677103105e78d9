package io.celerity.host;

/** Told of every exception a component throws, on the service's own thread; e.g. to show it in a test's output. */
@FunctionalInterface
public interface HandlerErrorListener {

    /** Ignores errors (they are still logged and counted). */
    HandlerErrorListener NONE = (service, input, index, error) -> { };

    /**
     * @param service the service whose component threw
     * @param input   the input queue of the event, or "timer"
     * @param index   the index of the input message, or -1 for a timer event
     * @param error   what was thrown
     */
    void onHandlerError(String service, String input, long index, Throwable error);
}
