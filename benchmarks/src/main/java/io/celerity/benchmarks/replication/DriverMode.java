package io.celerity.benchmarks.replication;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * How each side's embedded media driver gets a CPU: on two cores, a thread per driver that spins competes with the
 * sender and the replicators, one that parks adds its wake-up to every crossing.
 */
public enum DriverMode {
    /** No driver thread: the side's replication thread runs the driver's duty cycle between its own work. */
    INVOKER("driver duty cycle invoked on the side's replication thread"),
    /** One driver thread per side (sender, receiver, conductor) that spins. */
    SHARED_SPIN("one shared driver thread per side, busy-spinning"),
    /** One driver thread per side that yields when idle. */
    SHARED_YIELD("one shared driver thread per side, yielding when idle"),
    /** One driver thread per side with Aeron's default back-off (spin, yield, park 1 µs to 1 ms), as shipped. */
    SHARED_BACKOFF("one shared driver thread per side, Aeron's default back-off (as AeronConnection ships)");

    private final String description;

    DriverMode(String description) {
        this.description = description;
    }

    /** One phrase for reports. */
    public String describe() {
        return description;
    }

    boolean invoked() {
        return this == INVOKER;
    }

    /** Sets the driver's threading and idle strategy for this mode. */
    MediaDriver.Context configure(MediaDriver.Context context) {
        return switch (this) {
            case INVOKER -> context.threadingMode(ThreadingMode.INVOKER);
            case SHARED_SPIN -> context.threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new BusySpinIdleStrategy());
            case SHARED_YIELD -> context.threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new YieldingIdleStrategy());
            case SHARED_BACKOFF -> context.threadingMode(ThreadingMode.SHARED)
                    .sharedIdleStrategy(new BackoffIdleStrategy(10, 20, 1_000, 1_000_000));
        };
    }
}
