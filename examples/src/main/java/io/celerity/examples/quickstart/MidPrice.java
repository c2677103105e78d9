package io.celerity.examples.quickstart;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** The mid and spread of an accepted quote. */
public final class MidPrice extends BytesInBinaryMarshallable {
    @LongConversion(Base85.class)
    public long symbol;
    public double mid;
    public double spread;
    /** Copied from the quote, so the end of the pipeline can measure end-to-end latency. */
    public long sentNanos;

    @Override
    public void readMarshallable(BytesIn<?> in) {
        symbol = in.readLong();
        mid = in.readDouble();
        spread = in.readDouble();
        sentNanos = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(symbol);
        out.writeDouble(mid);
        out.writeDouble(spread);
        out.writeLong(sentNanos);
    }
}
