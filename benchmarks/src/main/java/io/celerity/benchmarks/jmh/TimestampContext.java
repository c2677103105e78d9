package io.celerity.benchmarks.jmh;

import io.celerity.api.ServiceContext;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;

/** A service context as a host gives it, with real unique timestamps, for components driven without a host. */
final class TimestampContext implements ServiceContext {
    private final String serviceName;
    private final UniqueTimestamps timestamps;

    TimestampContext(String serviceName, UniqueTimestamps timestamps) {
        this.serviceName = serviceName;
        this.timestamps = timestamps;
    }

    @Override
    public String serviceName() {
        return serviceName;
    }

    @Override
    public long currentTimeNanos() {
        return SystemTimeProvider.CLOCK.currentTimeNanos();
    }

    @Override
    public long uniqueTimestamp() {
        return timestamps.next();
    }

    @Override
    public void acknowledge() {
        // nothing to acknowledge: there is no output queue
    }
}
