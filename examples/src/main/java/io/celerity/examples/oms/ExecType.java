package io.celerity.examples.oms;

/** What an execution report announces (FIX tag 150). */
public enum ExecType {
    NEW, CANCELED, REPLACED, REJECTED;

    static final ExecType[] VALUES = values();
}
