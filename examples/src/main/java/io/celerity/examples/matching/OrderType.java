package io.celerity.examples.matching;

import net.openhft.chronicle.wire.Base85LongConverter;

/** The order types the engine takes, as packed words like {@link Side}. */
public final class OrderType {
    /** Matches up to its price; the rest rests in the book. */
    public static final long LIMIT = Base85LongConverter.INSTANCE.parse("LIMIT");
    /** Matches at any price; never rests, the unfilled rest is cancelled. */
    public static final long MARKET = Base85LongConverter.INSTANCE.parse("MARKET");

    private OrderType() {
    }
}
