package io.celerity.examples.matching;

/**
 * Converts prices between the wire (a double, as a client writes it) and the book (a whole number of ticks).
 * The tick size is held in millionths, so a price converted back is the exact decimal and prints as written.
 */
final class TickSize {
    /** The highest price accepted: far below where a price in millionths stops being exact in a double. */
    static final double MAX_PRICE = 1e9;
    /** What {@link #toTicks} returns for a price that is not a whole number of ticks. */
    static final long OFF_TICK = -1;

    private final double tickSize;
    private final long tickMicros;

    TickSize(double tickSize) {
        this.tickSize = tickSize;
        this.tickMicros = Math.round(tickSize * 1e6);
        if (tickMicros < 1 || Math.abs(tickMicros / 1e6 - tickSize) > 1e-12)
            throw new IllegalArgumentException("tickSize " + tickSize + " must be positive, with at most 6 decimals");
    }

    /** The price as whole ticks, or {@link #OFF_TICK} when it is not a positive whole number of them (NaN is not). */
    long toTicks(double price) {
        long micros = Math.round(price * 1e6); // the wire's double read to the nearest millionth
        return micros > 0 && micros % tickMicros == 0 ? micros / tickMicros : OFF_TICK; // 0 ticks is no price
    }

    /** The price of {@code ticks} ticks, as the nearest double to the exact decimal. */
    double toPrice(long ticks) {
        return ticks * tickMicros / 1e6; // one exact product, one correctly rounded division
    }

    @Override
    public String toString() {
        return Double.toString(tickSize);
    }
}
