package io.celerity.snapshot;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Opens a snapshot: whose it is and which outputs the state it holds already reflects. */
public final class SnapshotStarted extends SelfDescribingMarshallable {

    private String service;
    private long takenAtNanos;
    private long outputIndex;

    public SnapshotStarted set(String service, long takenAtNanos, long outputIndex) {
        this.service = service;
        this.takenAtNanos = takenAtNanos;
        this.outputIndex = outputIndex;
        return this;
    }

    public String service() {
        return service;
    }

    /** Wall-clock nanoseconds since the epoch. */
    public long takenAtNanos() {
        return takenAtNanos;
    }

    /** The output queue's last index when the snapshot was taken, or -1 when it was empty: replay goes on after it. */
    public long outputIndex() {
        return outputIndex;
    }
}
