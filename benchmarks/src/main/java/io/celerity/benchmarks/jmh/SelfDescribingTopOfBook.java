package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.NanoTimestampLongConverter;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * The fields of {@link TopOfBook}, written the self-describing way: each value with its field name, read back by
 * name, so fields can be added or reordered. The benchmark's counterpart to the fixed binary layout.
 */
public final class SelfDescribingTopOfBook extends SelfDescribingMarshallable {
    @LongConversion(NanoTimestampLongConverter.class)
    public long sendingTimeNS;
    @LongConversion(Base85.class)
    public long symbol;
    @LongConversion(Base85.class)
    public int ecn;
    public double bidPrice;
    public double askPrice;
    public int bidQuantity;
    public int askQuantity;

    /** Copies every field of {@code tob}; returns this. */
    public SelfDescribingTopOfBook copyOf(TopOfBook tob) {
        sendingTimeNS = tob.sendingTimeNS;
        symbol = tob.symbol;
        ecn = tob.ecn;
        bidPrice = tob.bidPrice;
        askPrice = tob.askPrice;
        bidQuantity = tob.bidQuantity;
        askQuantity = tob.askQuantity;
        return this;
    }
}
