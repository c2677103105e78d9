package io.celerity.time;

import net.openhft.chronicle.core.time.TimeProvider;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

class CalibratedClockTest {

    private static final Logger LOG = LoggerFactory.getLogger(CalibratedClockTest.class);
    private static final long BOUND_NANOS = 1_000_000L + CalibratedClock.TOLERANCE_NANOS;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void staysWithinAMillisecondOfInstantNowForSeconds() {
        CalibratedClock clock = CalibratedClock.system();
        long worst = 0;
        int samples = 0;
        long end = System.nanoTime() + 2 * SECOND;
        while (System.nanoTime() < end) {
            // Instant.now() is bracketed by two clock reads: being preempted widens the bracket, never the error.
            long before = clock.currentTimeNanos();
            long wall = nanos(Instant.now());
            long after = clock.currentTimeNanos();
            long error = wall < before ? before - wall : wall > after ? wall - after : 0;
            worst = Math.max(worst, error);
            samples++;
            LockSupport.parkNanos(CalibratedClock.CHECK_INTERVAL_NANOS); // past a check each time
        }
        LOG.info("CalibratedClock vs Instant.now(): worst error {} ns over {} samples in 2 s", worst, samples);
        assertTrue(worst < BOUND_NANOS, "worst error " + worst + " ns over " + samples + " samples");
    }

    @Test
    void neverGoesBackOnAThreadWhileTheWallClockIsNotStepped() throws InterruptedException {
        CalibratedClock clock = CalibratedClock.system();
        ConcurrentLinkedQueue<String> backwards = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            Thread thread = new Thread(() -> {
                long end = System.nanoTime() + 300_000_000L; // some 300 checks
                long previous = clock.currentTimeNanos();
                while (System.nanoTime() < end) {
                    long now = clock.currentTimeNanos();
                    if (now < previous)
                        backwards.add(previous + " then " + now);
                    previous = now;
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads)
            thread.join();
        assertEquals(List.of(), List.copyOf(backwards));
    }

    @Test
    void followsTheWallClockWithinAMillisecondOfItBeingStepped() {
        SteppedWall wall = new SteppedWall();
        CalibratedClock clock = new CalibratedClock(wall);
        assertFollows(wall, clock);
        for (long step : new long[]{5 * SECOND, -60 * SECOND, 3_000_000L}) {
            wall.step(step);
            LockSupport.parkNanos(CalibratedClock.CHECK_INTERVAL_NANOS);
            assertFollows(wall, clock);
        }
    }

    @Test
    void allocatesNothingOnceCalibrated() {
        CalibratedClock clock = CalibratedClock.system();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        readFor(clock, 100_000_000L); // the first calls allocate while the JIT compiles them
        // On a loaded machine the JIT's threads may not have finished by then: the steady state must come, and once it
        // has, a window of calls allocates nothing. A real allocation per call would put megabytes in every window.
        List<String> windows = new ArrayList<>();
        for (int window = 0; window < 10; window++) {
            long calibrations = clock.calibrations();
            long before = threads.getThreadAllocatedBytes(thread);
            long calls = readFor(clock, 200_000_000L); // some 200 checks against the wall clock
            long allocated = threads.getThreadAllocatedBytes(thread) - before;
            // Re-derivations included, which a loaded machine brings: their precise reads allocate nothing either.
            if (allocated == 0)
                return;
            windows.add(allocated + " bytes over " + calls + " calls, " + (clock.calibrations() - calibrations)
                    + " of them re-deriving");
        }
        fail("no window of calls without allocation: " + windows);
    }

    /** Reads the clock for {@code nanos}; returns how often. */
    private static long readFor(CalibratedClock clock, long nanos) {
        long calls = 0;
        long last = 0;
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            last = clock.currentTimeNanos();
            calls++;
        }
        assertTrue(last > 0);
        return calls;
    }

    private static void assertFollows(SteppedWall wall, CalibratedClock clock) {
        long before = clock.currentTimeNanos();
        long wallNanos = wall.currentTimeNanos();
        long after = clock.currentTimeNanos();
        assertTrue(before - BOUND_NANOS <= wallNanos && wallNanos <= after + BOUND_NANOS,
                "clock " + before + ".." + after + " vs wall " + wallNanos + " stepped by " + wall.step);
    }

    private static long nanos(Instant instant) {
        return TimeUnit.SECONDS.toNanos(instant.getEpochSecond()) + instant.getNano();
    }

    /** A wall clock running at nanoTime's rate from 2026-03-02T09:30:00Z that a test can step. */
    private static final class SteppedWall implements TimeProvider {
        private final long offset = 1_772_443_800L * SECOND - System.nanoTime();
        private volatile long step;

        void step(long nanos) {
            step += nanos;
        }

        @Override
        public long currentTimeMillis() {
            return currentTimeNanos() / 1_000_000L;
        }

        @Override
        public long currentTimeNanos() {
            return System.nanoTime() + offset + step;
        }
    }
}
