package io.celerity.host;

import io.celerity.internal.dispatch.ServiceCounters;

/** The {@link ServiceStats} users read: a view of the counters a service's or agent's loop writes. */
record CountedStats(ServiceCounters counters) implements ServiceStats {

    @Override
    public String serviceName() {
        return counters.serviceName();
    }

    @Override
    public long inputs() {
        return counters.inputs();
    }

    @Override
    public long outputs() {
        return counters.outputs();
    }

    @Override
    public long handlerErrors() {
        return counters.handlerErrors();
    }

    @Override
    public long badMessages() {
        return counters.badMessages();
    }

    @Override
    public long timerTicks() {
        return counters.timerTicks();
    }

    @Override
    public long syncs() {
        return counters.syncs();
    }

    @Override
    public long snapshots() {
        return counters.snapshots();
    }

    @Override
    public String toString() {
        return counters.toString();
    }
}
