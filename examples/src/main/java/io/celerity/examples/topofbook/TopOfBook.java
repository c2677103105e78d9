package io.celerity.examples.topofbook;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.NanoTimestampLongConverter;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * The best bid and offer for one symbol on one venue. Every field is a primitive, written in a fixed order with no
 * field names: 8 + 8 + 4 + 8 + 8 + 4 + 4 = 44 bytes on the queue. In YAML it still reads as text and a date-time.
 */
public final class TopOfBook extends BytesInBinaryMarshallable {
    /** When the venue sent it: wall-clock nanoseconds since the epoch, shown as a date-time. */
    @LongConversion(NanoTimestampLongConverter.class)
    public long sendingTimeNS;
    /** Instrument, up to 10 characters packed into a long, e.g. EUR/USD. */
    @LongConversion(Base85.class)
    public long symbol;
    /** Venue, up to 5 characters packed into an int, e.g. EBS. */
    @LongConversion(Base85.class)
    public int ecn;
    public double bidPrice;
    public double askPrice;
    public int bidQuantity;
    public int askQuantity;

    /** Fills every field; returns this so one instance can be refilled and sent again. */
    public TopOfBook set(long sendingTimeNS, long symbol, int ecn, double bidPrice, double askPrice,
                         int bidQuantity, int askQuantity) {
        this.sendingTimeNS = sendingTimeNS;
        this.symbol = symbol;
        this.ecn = ecn;
        this.bidPrice = bidPrice;
        this.askPrice = askPrice;
        this.bidQuantity = bidQuantity;
        this.askQuantity = askQuantity;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        sendingTimeNS = in.readLong();
        symbol = in.readLong();
        ecn = in.readInt();
        bidPrice = in.readDouble();
        askPrice = in.readDouble();
        bidQuantity = in.readInt();
        askQuantity = in.readInt();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(sendingTimeNS);
        out.writeLong(symbol);
        out.writeInt(ecn);
        out.writeDouble(bidPrice);
        out.writeDouble(askPrice);
        out.writeInt(bidQuantity);
        out.writeInt(askQuantity);
    }
}
