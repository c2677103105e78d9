package io.celerity.benchmarks.replication;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/** What a side's replication thread does when a pass found nothing to do. */
public enum LoopIdle {
    /** Spins: a core of its own, as a BUSY event loop. */
    SPIN,
    /** Gives the core to any other runnable thread, then polls again. */
    YIELD,
    /** Spins, yields, then parks 1 µs doubling to 1 ms, as Aeron's default. */
    BACKOFF;

    IdleStrategy strategy() {
        return switch (this) {
            case SPIN -> new BusySpinIdleStrategy();
            case YIELD -> new YieldingIdleStrategy();
            case BACKOFF -> new BackoffIdleStrategy(10, 20, 1_000, 1_000_000);
        };
    }
}
