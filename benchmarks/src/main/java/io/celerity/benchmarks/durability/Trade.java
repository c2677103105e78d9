package io.celerity.benchmarks.durability;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;

/** A trade to book: its sequence number, when it was due to be sent ({@code System.nanoTime()}) and its size. */
public final class Trade extends BytesInBinaryMarshallable {
    public long seq;
    public long sentNanos;
    public long quantity;

    Trade set(long seq, long sentNanos, long quantity) {
        this.seq = seq;
        this.sentNanos = sentNanos;
        this.quantity = quantity;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        seq = in.readLong();
        sentNanos = in.readLong();
        quantity = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(seq);
        out.writeLong(sentNanos);
        out.writeLong(quantity);
    }
}
