package io.celerity.examples.quickstart;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** Why a quote was refused; rare, so self-describing (readable in a dump) rather than binary. */
public final class QuoteRejected extends SelfDescribingMarshallable {
    @LongConversion(Base85.class)
    public long symbol;
    public String reason;

    public QuoteRejected set(long symbol, String reason) {
        this.symbol = symbol;
        this.reason = reason;
        return this;
    }
}
