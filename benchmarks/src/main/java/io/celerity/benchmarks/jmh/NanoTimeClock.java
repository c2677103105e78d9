package io.celerity.benchmarks.jmh;

import net.openhft.chronicle.core.time.TimeProvider;

/**
 * Wall-clock time from {@link System#nanoTime()} alone, offset once at construction: one clock read where Chronicle's
 * {@code SystemTimeProvider} makes two. It drifts from the wall clock as the two clocks diverge, so it only shows what
 * a cheaper clock would save, not a replacement as it stands.
 */
final class NanoTimeClock implements TimeProvider {
    private final long offset = System.currentTimeMillis() * 1_000_000L - System.nanoTime();

    @Override
    public long currentTimeMillis() {
        return currentTimeNanos() / 1_000_000L;
    }

    @Override
    public long currentTimeNanos() {
        return System.nanoTime() + offset;
    }
}
