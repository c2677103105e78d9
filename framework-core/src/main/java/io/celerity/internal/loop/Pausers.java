package io.celerity.internal.loop;

import io.celerity.config.PauserType;
import net.openhft.chronicle.threads.BusyPauser;
import net.openhft.chronicle.threads.LongPauser;
import net.openhft.chronicle.threads.Pauser;
import net.openhft.chronicle.threads.YieldingPauser;

import java.util.concurrent.TimeUnit;

/**
 * Builds the pauser a loop is configured with. Built directly because Chronicle's {@code Pauser.busy()},
 * {@code yielding()} and {@code balanced()} silently return a sleepy pauser on machines with fewer than 4 CPUs,
 * which turns a sub-microsecond hop into hundreds of microseconds.
 */
public final class Pausers {

    private Pausers() {
    }

    public static Pauser create(PauserType type) {
        switch (type) {
            case BUSY:
                return BusyPauser.INSTANCE;
            case YIELDING:
                return new YieldingPauser(2);
            case SLEEPY:
                // Yield for 50 us after the last work, then sleep from 0.5 ms growing to 20 ms.
                return new LongPauser(0, 50, 500, 20_000, TimeUnit.MICROSECONDS);
            default:
                // Spin for 100 us after the last work, yield until 1 ms, then sleep from 50 us growing to 1 ms.
                return new LongPauser(100, 1_000, 50, 1_000, TimeUnit.MICROSECONDS);
        }
    }
}
