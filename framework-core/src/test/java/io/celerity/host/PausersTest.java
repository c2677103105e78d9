package io.celerity.host;

import io.celerity.config.PauserType;
import io.celerity.internal.loop.Pausers;
import net.openhft.chronicle.threads.BusyPauser;
import net.openhft.chronicle.threads.YieldingPauser;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class PausersTest {

    @Test
    void theConfiguredPauserIsTheOneThatRunsWhateverTheCpuCount() {
        assertSame(BusyPauser.INSTANCE, Pausers.create(PauserType.BUSY));
        assertTrue(Pausers.create(PauserType.YIELDING) instanceof YieldingPauser);
    }

    @Test
    void balancedSpinsFirstAndSleepsOnceIdle() {
        assumeTrue(Files.isReadable(THREAD_STATUS), "Linux counts a thread's voluntary context switches");
        var pauser = Pausers.create(PauserType.BALANCED);
        // A sleep gives up the CPU (a voluntary switch); a loaded machine's preemption does not count. A safepoint
        // can park the thread too, now and then: one pause in three without a switch shows it spins.
        long fewest = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            pauser.reset();
            long before = voluntarySwitches();
            pauser.pause();
            fewest = Math.min(fewest, voluntarySwitches() - before);
        }
        assertEquals(0, fewest, "a pause just after work spins, it does not sleep");

        long idleUntil = System.nanoTime() + 3_000_000L;
        while (System.nanoTime() < idleUntil)
            pauser.pause();
        // A park may return early now and then: the longest of ten pauses shows whether it sleeps at all.
        long longest = 0;
        for (int i = 0; i < 10; i++) {
            long sleepStart = System.nanoTime();
            pauser.pause();
            longest = Math.max(longest, System.nanoTime() - sleepStart);
        }
        assertTrue(longest >= 40_000L, "after 3 ms idle a pause sleeps (at least 50 us); longest " + longest + " ns");
    }

    private static final Path THREAD_STATUS = Path.of("/proc/thread-self/status");

    private static long voluntarySwitches() {
        try {
            for (String line : Files.readAllLines(THREAD_STATUS))
                if (line.startsWith("voluntary_ctxt_switches:"))
                    return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new AssertionError("no voluntary_ctxt_switches in " + THREAD_STATUS);
    }
}
