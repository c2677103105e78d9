package io.celerity.internal.dispatch;

import java.util.concurrent.atomic.AtomicLong;

/** The live counters of one service: written by its loop thread only, readable from any thread. */
public final class ServiceCounters {

    private final String serviceName;
    private final AtomicLong inputs = new AtomicLong();
    private final AtomicLong outputs = new AtomicLong();
    private final AtomicLong handlerErrors = new AtomicLong();
    private final AtomicLong badMessages = new AtomicLong();
    private final AtomicLong timerTicks = new AtomicLong();
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong snapshots = new AtomicLong();

    public ServiceCounters(String serviceName) {
        this.serviceName = serviceName;
    }

    public String serviceName() {
        return serviceName;
    }

    public long inputs() {
        return inputs.get();
    }

    public long outputs() {
        return outputs.get();
    }

    public long handlerErrors() {
        return handlerErrors.get();
    }

    public long badMessages() {
        return badMessages.get();
    }

    public long timerTicks() {
        return timerTicks.get();
    }

    public long syncs() {
        return syncs.get();
    }

    public long snapshots() {
        return snapshots.get();
    }

    // Single writer: lazySet is enough and never stalls the loop on a memory fence.
    public void countInput() {
        inputs.lazySet(inputs.get() + 1);
    }

    public void countOutput() {
        outputs.lazySet(outputs.get() + 1);
    }

    public long countHandlerError() {
        long n = handlerErrors.get() + 1;
        handlerErrors.lazySet(n);
        return n;
    }

    public long countBadMessage() {
        long n = badMessages.get() + 1;
        badMessages.lazySet(n);
        return n;
    }

    public void countTimerTick() {
        timerTicks.lazySet(timerTicks.get() + 1);
    }

    public void countSync() {
        syncs.lazySet(syncs.get() + 1);
    }

    public void countSnapshot() {
        snapshots.lazySet(snapshots.get() + 1);
    }

    public String toString() {
        return serviceName + " {inputs: " + inputs() + ", outputs: " + outputs() + ", handlerErrors: " + handlerErrors()
                + ", badMessages: " + badMessages() + ", timerTicks: " + timerTicks() + ", syncs: " + syncs()
                + ", snapshots: " + snapshots() + "}";
    }
}
