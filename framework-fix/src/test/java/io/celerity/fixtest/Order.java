package io.celerity.fixtest;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** A new order as the test desk takes it, mapped from a FIX NewOrderSingle. */
public final class Order extends SelfDescribingMarshallable {
    public String clOrdId;
    public String symbol;
    public char side;
    public long quantity;
    public double price;
}
