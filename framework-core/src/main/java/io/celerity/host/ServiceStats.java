package io.celerity.host;

import java.util.concurrent.atomic.AtomicLong;

/** Live counters of one service; written by its loop thread only, readable from any thread. */
public final class ServiceStats {

    private final String serviceName;
    private final AtomicLong inputs = new AtomicLong();
    private final AtomicLong outputs = new AtomicLong();
    private final AtomicLong handlerErrors = new AtomicLong();
    private final AtomicLong badMessages = new AtomicLong();
    private final AtomicLong timerTicks = new AtomicLong();
    private final AtomicLong syncs = new AtomicLong();
    private final AtomicLong snapshots = new AtomicLong();

    public ServiceStats(String serviceName) {
        this.serviceName = serviceName;
    }

    /** The service these counters belong to. */
    public String serviceName() {
        return serviceName;
    }

    /** Input messages processed (their outputs committed), including bad ones. */
    public long inputs() {
        return inputs.get();
    }

    /** Output documents written (all the outputs of one input or one timer tick form one document). */
    public long outputs() {
        return outputs.get();
    }

    /** Input events whose handler threw. */
    public long handlerErrors() {
        return handlerErrors.get();
    }

    /** Input messages that could not be decoded or named an unknown event. */
    public long badMessages() {
        return badMessages.get();
    }

    /** Timer events delivered. */
    public long timerTicks() {
        return timerTicks.get();
    }

    /** Output documents the service waited to see on disk (MS_SYNC), asked for by its component or its queue. */
    public long syncs() {
        return syncs.get();
    }

    /** Snapshots completed since start. */
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

    @Override
    public String toString() {
        return serviceName + " {inputs: " + inputs() + ", outputs: " + outputs() + ", handlerErrors: " + handlerErrors()
                + ", badMessages: " + badMessages() + ", timerTicks: " + timerTicks() + ", syncs: " + syncs()
                + ", snapshots: " + snapshots() + "}";
    }
}
