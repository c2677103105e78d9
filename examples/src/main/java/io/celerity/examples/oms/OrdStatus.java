package io.celerity.examples.oms;

/** The state of an order after the event (FIX tag 39); no fills in this OMS, so no partially filled. */
public enum OrdStatus {
    NEW, CANCELED, REJECTED;

    static final OrdStatus[] VALUES = values();
}
