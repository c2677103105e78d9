package ${package};

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** The best bid and ask of one instrument; frequent, so binary with explicit fields (the fastest kind). */
public final class Quote extends BytesInBinaryMarshallable {
    /** Instrument, up to 10 characters packed into a long (shown as text in YAML and dumps). */
    @LongConversion(Base85.class)
    public long symbol;
    public double bid;
    public double ask;

    public Quote set(long symbol, double bid, double ask) {
        this.symbol = symbol;
        this.bid = bid;
        this.ask = ask;
        return this;
    }

    // Read the fields in the order they are written.
    @Override
    public void readMarshallable(BytesIn<?> in) {
        symbol = in.readLong();
        bid = in.readDouble();
        ask = in.readDouble();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(symbol);
        out.writeDouble(bid);
        out.writeDouble(ask);
    }
}
