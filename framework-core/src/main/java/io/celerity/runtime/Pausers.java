package io.celerity.runtime;

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
final class Pausers {

    private Pausers() {
    }

    static Pauser create(PauserType type) {
        switch (type) {
            case BUSY:
                return BusyPauser.INSTANCE;
            case YIELDING:
                return new YieldingPauser(2);
            case SLEEPY:
                return new LongPauser(0, 50, 500, 20_000, TimeUnit.MICROSECONDS);
            default:
                // Spin 10,000 times, yield 800 times, then sleep from 200 us up to 20 ms.
                return new LongPauser(10_000, 800, 200, 20_000, TimeUnit.MICROSECONDS);
        }
    }
}
