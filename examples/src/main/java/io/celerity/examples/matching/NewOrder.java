package io.celerity.examples.matching;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** A new limit or market order: binary on the queue, 56 bytes. */
public final class NewOrder extends BytesInBinaryMarshallable {
    /** The client's id for the order, up to 10 characters; echoed in its execution reports. */
    @LongConversion(Base85.class)
    public long clOrdId;
    @LongConversion(Base85.class)
    public long account;
    @LongConversion(Base85.class)
    public long symbol;
    /** {@link Side#BUY} or {@link Side#SELL}. */
    @LongConversion(Base85.class)
    public long side;
    /** {@link OrderType#LIMIT} or {@link OrderType#MARKET}. */
    @LongConversion(Base85.class)
    public long ordType;
    /** The limit price, a whole number of ticks; 0 for a market order. */
    public double price;
    public long quantity;

    /** Fills every field, for senders that reuse one instance. */
    public NewOrder set(long clOrdId, long account, long symbol, long side, long ordType, double price, long quantity) {
        this.clOrdId = clOrdId;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.ordType = ordType;
        this.price = price;
        this.quantity = quantity;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        clOrdId = in.readLong();
        account = in.readLong();
        symbol = in.readLong();
        side = in.readLong();
        ordType = in.readLong();
        price = in.readDouble();
        quantity = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(clOrdId);
        out.writeLong(account);
        out.writeLong(symbol);
        out.writeLong(side);
        out.writeLong(ordType);
        out.writeDouble(price);
        out.writeLong(quantity);
    }
}
