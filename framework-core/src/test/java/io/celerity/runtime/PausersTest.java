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
    void balancedSpinsBeforeItSleeps() {
        var pauser = Pausers.create(PauserType.BALANCED);
        long start = System.nanoTime();
        for (int i = 0; i < 1_000; i++)
            pauser.pause();
        assertTrue(System.nanoTime() - start < 50_000_000L, "the first pauses spin or yield rather than sleep");
    }
}
