package io.celerity.examples.oms;

/** Buy or sell (FIX tag 54). */
public enum Side {
    BUY, SELL;

    static final Side[] VALUES = values();
}
