package io.celerity.runtime;

import io.celerity.config.PauserType;
import net.openhft.chronicle.threads.BusyPauser;
import net.openhft.chronicle.threads.YieldingPauser;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PausersTest {

    @Test
    void theConfiguredPauserIsTheOneThatRunsWhateverTheCpuCount() {
        assertSame(BusyPauser.INSTANCE, Pausers.create(PauserType.BUSY));
        assertTrue(Pausers.create(PauserType.YIELDING) instanceof YieldingPauser);
    }

    @Test
    void balancedSpinsFirstAndSleepsOnceIdle() {
        var pauser = Pausers.create(PauserType.BALANCED);
        pauser.reset();
        long start = System.nanoTime();
        pauser.pause();
        assertTrue(System.nanoTime() - start < 20_000_000L, "a pause just after work spins, it does not sleep");

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
}
