package io.celerity.examples.oms;

import io.celerity.api.ServiceContext;

/** A service context for the order manager alone, whose ids and clock are plain counters. */
final class CountingContext implements ServiceContext {
    private long ticks;

    @Override
    public String serviceName() {
        return "order-manager";
    }

    @Override
    public long currentTimeNanos() {
        return ticks;
    }

    @Override
    public long uniqueTimestamp() {
        return ++ticks;
    }

    @Override
    public void acknowledge() {
    }

    @Override
    public void syncOutputs() {
    }
}
