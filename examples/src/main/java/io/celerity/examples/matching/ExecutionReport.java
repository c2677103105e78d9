package io.celerity.examples.matching;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** What happened to one order: accepted, (partly) filled, cancelled or rejected. Binary, like a compact FIX 35=8. */
public final class ExecutionReport extends BytesInBinaryMarshallable {
    /** The engine's id for the order, from 1 up; 0 when it was rejected. */
    public long orderId;
    @LongConversion(Base85.class)
    public long clOrdId;
    @LongConversion(Base85.class)
    public long account;
    @LongConversion(Base85.class)
    public long symbol;
    @LongConversion(Base85.class)
    public long side;
    /** NEW, PARTIAL, FILLED, CANCELED or REJECTED (see {@link ExecType}). */
    @LongConversion(Base85.class)
    public long execType;
    /** Unique per report (a unique timestamp). */
    public long execId;
    /** Shared by the two reports of one trade, taker's and maker's; 0 when the report is not a fill. */
    public long tradeId;
    /** The order's limit price; 0 for a market order. */
    public double price;
    /** Quantity of this fill; 0 when the report is not a fill. */
    public long lastQty;
    /** Price of this fill: always the resting (maker) order's price. */
    public double lastPrice;
    /** Quantity still working; 0 once the order is filled, cancelled or rejected. */
    public long leavesQty;
    /** Quantity filled so far. */
    public long cumQty;
    /** Why the order was cancelled or rejected; empty otherwise. A StringBuilder, so writing and reading it allocate nothing. */
    public final StringBuilder reason = new StringBuilder(64);

    @Override
    public void readMarshallable(BytesIn<?> in) {
        orderId = in.readLong();
        clOrdId = in.readLong();
        account = in.readLong();
        symbol = in.readLong();
        side = in.readLong();
        execType = in.readLong();
        execId = in.readLong();
        tradeId = in.readLong();
        price = in.readDouble();
        lastQty = in.readLong();
        lastPrice = in.readDouble();
        leavesQty = in.readLong();
        cumQty = in.readLong();
        in.readUtf8(reason);
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(orderId);
        out.writeLong(clOrdId);
        out.writeLong(account);
        out.writeLong(symbol);
        out.writeLong(side);
        out.writeLong(execType);
        out.writeLong(execId);
        out.writeLong(tradeId);
        out.writeDouble(price);
        out.writeLong(lastQty);
        out.writeDouble(lastPrice);
        out.writeLong(leavesQty);
        out.writeLong(cumQty);
        out.writeUtf8(reason);
    }
}
