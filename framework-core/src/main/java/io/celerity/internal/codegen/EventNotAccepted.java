package io.celerity.internal.codegen;

/**
 * Thrown by a generated method reader, in place of calling the component, for an event the reader does not accept
 * here: e.g. one of the component's snapshot events arriving on an input queue. Public only for the generated code.
 */
public final class EventNotAccepted extends RuntimeException {

    public EventNotAccepted(String event) {
        super("event '" + event + "' is not one this queue may deliver", null, false, false); // no stack: a bad message
    }
}
