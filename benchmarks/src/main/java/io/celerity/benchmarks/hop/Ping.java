package io.celerity.benchmarks.hop;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The payload every hop benchmark carries, a quote-sized message: 8 + 8 + 8 + 8 + 8 + 4 + 4 = 48 bytes in a fixed
 * binary layout. {@code startNanos} is when the harness scheduled it, so the receiver can time it.
 */
public final class Ping extends BytesInBinaryMarshallable {
    public static final int SIZE = 48;

    public long startNanos;
    public long sequence;
    public long symbol;
    public double bidPrice;
    public double askPrice;
    public int bidQuantity;
    public int askQuantity;

    /** Fills the fields for message {@code sequence}; returns this so one instance is reused for every send. */
    public Ping next(long startNanos, long sequence) {
        this.startNanos = startNanos;
        this.sequence = sequence;
        this.symbol = 0x4555525553440000L; // a constant instrument: the content does not matter, the size does
        this.bidPrice = 1.0850 + (sequence & 7) * 0.0001;
        this.askPrice = bidPrice + 0.0002;
        this.bidQuantity = 1_000_000;
        this.askQuantity = 2_000_000;
        return this;
    }

    public void copyFrom(Ping other) {
        startNanos = other.startNanos;
        sequence = other.sequence;
        symbol = other.symbol;
        bidPrice = other.bidPrice;
        askPrice = other.askPrice;
        bidQuantity = other.bidQuantity;
        askQuantity = other.askQuantity;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        startNanos = in.readLong();
        sequence = in.readLong();
        symbol = in.readLong();
        bidPrice = in.readDouble();
        askPrice = in.readDouble();
        bidQuantity = in.readInt();
        askQuantity = in.readInt();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(startNanos);
        out.writeLong(sequence);
        out.writeLong(symbol);
        out.writeDouble(bidPrice);
        out.writeDouble(askPrice);
        out.writeInt(bidQuantity);
        out.writeInt(askQuantity);
    }

    /** The same layout into an Agrona buffer, for transports that carry bytes (Aeron, Kafka). */
    public void writeTo(MutableDirectBuffer buffer, int offset) {
        buffer.putLong(offset, startNanos);
        buffer.putLong(offset + 8, sequence);
        buffer.putLong(offset + 16, symbol);
        buffer.putDouble(offset + 24, bidPrice);
        buffer.putDouble(offset + 32, askPrice);
        buffer.putInt(offset + 40, bidQuantity);
        buffer.putInt(offset + 44, askQuantity);
    }

    public void readFrom(DirectBuffer buffer, int offset) {
        startNanos = buffer.getLong(offset);
        sequence = buffer.getLong(offset + 8);
        symbol = buffer.getLong(offset + 16);
        bidPrice = buffer.getDouble(offset + 24);
        askPrice = buffer.getDouble(offset + 32);
        bidQuantity = buffer.getInt(offset + 40);
        askQuantity = buffer.getInt(offset + 44);
    }
}
