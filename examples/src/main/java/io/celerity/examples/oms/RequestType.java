package io.celerity.examples.oms;

/** Which client request a rejection or a cancel reject answers. */
public enum RequestType {
    NEW_ORDER, CANCEL, REPLACE;

    static final RequestType[] VALUES = values();
}
