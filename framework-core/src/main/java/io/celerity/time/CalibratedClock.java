package io.celerity.time;

import net.openhft.chronicle.core.time.TimeProvider;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.time.Instant;

/**
 * Wall-clock time for the price of one {@link System#nanoTime()} read: {@code nanoTime} plus an offset to the wall
 * clock. Once a millisecond of {@code nanoTime} a call checks the estimate against the wall clock's
 * {@code currentTimeMillis()}; only when the two disagree by more than {@link #TOLERANCE_NANOS} (the wall clock was
 * stepped, or the two clocks ran at different rates) is the offset re-derived from the wall clock's precise
 * {@code currentTimeNanos()}. So the estimate is never more than 1 ms + {@code TOLERANCE_NANOS} from the wall clock
 * for longer than {@link #CHECK_INTERVAL_NANOS}. Safe to share between threads: no lock, and no allocation (where
 * {@code jdk.internal.misc} is exported, as Celerity's JVM flags do; otherwise a re-derivation's precise read
 * allocates until the JIT compiles it).
 */
public final class CalibratedClock implements TimeProvider {

    /** How often, in {@code nanoTime}, a call checks the estimate against the wall clock. */
    public static final long CHECK_INTERVAL_NANOS = 1_000_000L;
    /** How far outside the wall clock's millisecond the estimate may be before it is re-derived. */
    public static final long TOLERANCE_NANOS = 10_000L;

    private static final long NANOS_PER_MILLI = 1_000_000L;
    // The best of a few reads: the one whose two nanoTime reads are closest brackets the wall-clock read best.
    private static final int CALIBRATION_READS = 5;
    private static final CalibratedClock SYSTEM = new CalibratedClock(SystemUtc.INSTANCE);

    private final TimeProvider wall;
    private volatile long offset;
    private volatile long nextCheck;
    private long calibrations; // how often the offset was derived; a diagnostic, not synchronised

    /** A clock that follows {@code wall}: checked against its millis, re-derived from its nanos. */
    public CalibratedClock(TimeProvider wall) {
        this.wall = wall;
        calibrate();
    }

    /** The clock that follows the system's wall clock, shared by everything in this JVM that reads it. */
    public static CalibratedClock system() {
        return SYSTEM;
    }

    @Override
    public long currentTimeNanos() {
        long nanoTime = System.nanoTime();
        return nanoTime - nextCheck < 0 ? nanoTime + offset : check(nanoTime);
    }

    @Override
    public long currentTimeMicros() {
        return currentTimeNanos() / 1_000L;
    }

    @Override
    public long currentTimeMillis() {
        return currentTimeNanos() / NANOS_PER_MILLI;
    }

    /** How often the offset has been derived from the wall clock's precise read, the only reads that allocate. */
    long calibrations() {
        return calibrations;
    }

    /** Re-derives the offset when the wall clock's millisecond, read between two nanoTime reads, rules it out. */
    private long check(long before) {
        nextCheck = before + CHECK_INTERVAL_NANOS;
        long millis = wall.currentTimeMillis() * NANOS_PER_MILLI;
        long after = System.nanoTime();
        long offset = this.offset;
        // The wall clock was at least millis at 'after' and short of millis + 1 ms at 'before'.
        if (after + offset < millis - TOLERANCE_NANOS || before + offset >= millis + NANOS_PER_MILLI + TOLERANCE_NANOS)
            return calibrate();
        return after + offset;
    }

    private long calibrate() {
        long narrowest = Long.MAX_VALUE;
        long best = 0;
        for (int i = 0; i < CALIBRATION_READS; i++) {
            long before = System.nanoTime();
            long wallNanos = wall.currentTimeNanos();
            long after = System.nanoTime();
            if (after - before < narrowest) {
                narrowest = after - before;
                best = wallNanos - (before + narrowest / 2);
            }
        }
        long now = System.nanoTime();
        calibrations++;
        offset = best;
        nextCheck = now + CHECK_INTERVAL_NANOS;
        return now + best;
    }

    /**
     * The system's wall clock: {@code currentTimeMillis}, and nanos from the JDK's own source of {@link Instant#now()}
     * ({@code VM.getNanoTimeAdjustment}, which allocates nothing) where it is exported, else from {@code Instant.now()}.
     */
    private enum SystemUtc implements TimeProvider {
        INSTANCE;

        private static final MethodHandle NANO_TIME_ADJUSTMENT = nanoTimeAdjustment();

        @Override
        public long currentTimeMillis() {
            return System.currentTimeMillis();
        }

        @Override
        public long currentTimeNanos() {
            if (NANO_TIME_ADJUSTMENT != null) {
                try {
                    long nanos = (long) NANO_TIME_ADJUSTMENT.invokeExact(0L);
                    if (nanos != -1) // -1: out of the JDK's range, never for today's clock
                        return nanos;
                } catch (Throwable e) {
                    // not expected once looked up; fall through to Instant.now()
                }
            }
            Instant now = Instant.now();
            return now.getEpochSecond() * 1_000_000_000L + now.getNano();
        }

        private static MethodHandle nanoTimeAdjustment() {
            try {
                Class<?> vm = Class.forName("jdk.internal.misc.VM");
                return MethodHandles.lookup().findStatic(vm, "getNanoTimeAdjustment",
                        MethodType.methodType(long.class, long.class));
            } catch (ReflectiveOperationException | RuntimeException e) {
                return null; // jdk.internal.misc not exported to us: Instant.now() it is
            }
        }
    }
}
