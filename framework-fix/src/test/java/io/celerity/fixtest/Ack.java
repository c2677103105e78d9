package io.celerity.fixtest;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** The desk's answer to an order or a cancel, mapped to a FIX ExecutionReport. */
public final class Ack extends SelfDescribingMarshallable {
    public long orderId;
    public String clOrdId;
    public String symbol;
    public char side;
    /** ExecType(150) and OrdStatus(39): '0' new, '4' canceled. */
    public char status;
    public long quantity;
    public double price;
}
