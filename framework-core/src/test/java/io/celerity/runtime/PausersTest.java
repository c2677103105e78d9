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
        long sleepStart = System.nanoTime();
        pauser.pause();
        assertTrue(System.nanoTime() - sleepStart >= 40_000L, "after 3 ms idle a pause sleeps (at least 50 us)");
    }
}
