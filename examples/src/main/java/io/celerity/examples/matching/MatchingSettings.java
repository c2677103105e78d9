package io.celerity.examples.matching;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/**
 * The matching engine's tick size and capacities, from the {@code settings} of its service in services.yaml.
 * Capacities size the pools and maps up front; going beyond one still works but allocates while it grows.
 */
public final class MatchingSettings extends SelfDescribingMarshallable {
    /** The smallest price step; limit prices must be whole multiples of it (at most 6 decimals). */
    public double tickSize = 0.01;
    /** Resting orders across all books: the order pool's size and the order-id map's capacity. */
    public int expectedOrders = 10_000;
    /** Price levels across all books: the level pool's size. */
    public int expectedLevels = 1_000;
    /** Price levels per side of one book before its level array grows. */
    public int levelsPerSide = 256;
    /** Symbols: the book map's capacity. */
    public int expectedSymbols = 16;
}
