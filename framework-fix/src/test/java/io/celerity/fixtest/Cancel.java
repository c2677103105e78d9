package io.celerity.fixtest;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** A cancel request as the test desk takes it, mapped from a FIX OrderCancelRequest. */
public final class Cancel extends SelfDescribingMarshallable {
    public String clOrdId;
    public String origClOrdId;
    public String symbol;
    public char side;
}
