package io.celerity.benchmarks.harness;

/**
 * Start times by message number, for receivers of messages that do not carry their own (e.g. a business message
 * whose answer only leads back to the request's queue index). A ring: it remembers the last {@code capacity}.
 * Written by the sending thread before it sends, read by the receiver after the queue has published the message.
 */
public final class StartTimes {
    private final long[] ring;
    private final int mask;

    public StartTimes(int capacityPowerOfTwo) {
        if (Integer.bitCount(capacityPowerOfTwo) != 1)
            throw new IllegalArgumentException("capacity must be a power of two: " + capacityPowerOfTwo);
        ring = new long[capacityPowerOfTwo];
        mask = capacityPowerOfTwo - 1;
    }

    public void put(long message, long startNanos) {
        ring[(int) (message & mask)] = startNanos;
    }

    public long get(long message) {
        return ring[(int) (message & mask)];
    }
}
