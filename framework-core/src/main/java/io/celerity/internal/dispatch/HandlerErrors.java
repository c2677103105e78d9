package io.celerity.internal.dispatch;

/** Told of every exception a component or agent throws, on its loop's thread: the host's listener, adapted. */
@FunctionalInterface
public interface HandlerErrors {

    /** Hears nothing (errors are still logged and counted). */
    HandlerErrors NONE = (service, input, index, error) -> { };

    /** @see io.celerity.host.HandlerErrorListener#onHandlerError */
    void onHandlerError(String service, String input, long index, Throwable error);
}
