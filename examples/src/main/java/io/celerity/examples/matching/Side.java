package io.celerity.examples.matching;

import net.openhft.chronicle.wire.Base85LongConverter;

/** The two order sides, as words packed into a long so a binary DTO carries them in 8 bytes and YAML shows text. */
public final class Side {
    /** A bid: buys at the price or lower. */
    public static final long BUY = Base85LongConverter.INSTANCE.parse("BUY");
    /** An offer: sells at the price or higher. */
    public static final long SELL = Base85LongConverter.INSTANCE.parse("SELL");

    private Side() {
    }

    /** Whether {@code side} is BUY or SELL. */
    public static boolean isValid(long side) {
        return side == BUY || side == SELL;
    }
}
