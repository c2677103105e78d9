package io.celerity.benchmarks.jmh;

import io.celerity.api.ServiceContext;
import io.celerity.time.CalibratedClock;

import java.util.function.LongSupplier;

/** A service context for a component called directly, without a host, with the unique ids it is given. */
final class DirectContext implements ServiceContext {
    private final String serviceName;
    private final LongSupplier uniqueIds;

    DirectContext(String serviceName, LongSupplier uniqueIds) {
        this.serviceName = serviceName;
        this.uniqueIds = uniqueIds;
    }

    @Override
    public String serviceName() {
        return serviceName;
    }

    @Override
    public long currentTimeNanos() {
        return CalibratedClock.system().currentTimeNanos();
    }

    @Override
    public long uniqueTimestamp() {
        return uniqueIds.getAsLong();
    }

    @Override
    public void acknowledge() {
        // nothing to acknowledge: there is no output queue
    }

    @Override
    public void syncOutputs() {
        // nothing to sync: there is no output queue
    }
}
