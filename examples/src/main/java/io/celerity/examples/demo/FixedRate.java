package io.celerity.examples.demo;

/** Paces a sender at a fixed rate by spinning, and tells it when each message was due (for coordinated-omission-free timing). */
public final class FixedRate {
    private final long intervalNanos;
    private long next = System.nanoTime();

    public FixedRate(int perSecond) {
        this.intervalNanos = 1_000_000_000L / perSecond;
    }

    /** Waits until the next message is due and returns when it was due, in {@code System.nanoTime()} terms. */
    public long awaitNext() {
        long due = next;
        while (System.nanoTime() < due)
            Thread.onSpinWait();
        next += intervalNanos;
        return due;
    }
}
