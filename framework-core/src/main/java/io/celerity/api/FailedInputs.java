package io.celerity.api;

/**
 * The events a service's {@code errors} queue carries: one for each input its component failed on or could not be
 * given. Implement it in an operator's service (or read the queue with a method reader) to see, count or replay them.
 */
public interface FailedInputs {

    /** The component threw while handling the input (or its timer threw: queue {@code timer}, index -1, no input). */
    void handlerFailed(FailedInput failure);

    /**
     * The input could not be handed to the component: an event it does not have, an event its queue does not carry,
     * a type its input interfaces do not declare, or bytes that do not decode.
     */
    void badMessage(FailedInput failure);
}
