package io.celerity.examples.quickstart;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** A two-sided price for one instrument: binary on the queue, 40 bytes. */
public final class Quote extends BytesInBinaryMarshallable {
    /** Instrument, up to 10 characters packed into a long. */
    @LongConversion(Base85.class)
    public long symbol;
    public double bid;
    public double ask;
    public long bidQty;
    /** {@code System.nanoTime()} when the load generator was due to send it: the start of the end-to-end latency. */
    public long sentNanos;

    public Quote set(long symbol, double bid, double ask, long bidQty, long sentNanos) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
        this.bidQty = bidQty;
        this.sentNanos = sentNanos;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        symbol = in.readLong();
        bid = in.readDouble();
        ask = in.readDouble();
        bidQty = in.readLong();
        sentNanos = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(symbol);
        out.writeDouble(bid);
        out.writeDouble(ask);
        out.writeLong(bidQty);
        out.writeLong(sentNanos);
    }
}
