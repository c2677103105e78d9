package io.celerity.snapshot;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Closes a complete snapshot and says where it starts, so a restart finds the newest one reading backwards. */
public final class SnapshotEnded extends SelfDescribingMarshallable {

    private String service;
    private long startIndex;
    private long events;

    public SnapshotEnded set(String service, long startIndex, long events) {
        this.service = service;
        this.startIndex = startIndex;
        this.events = events;
        return this;
    }

    public String service() {
        return service;
    }

    /** The index of the snapshot's {@link SnapshotStarted}. */
    public long startIndex() {
        return startIndex;
    }

    /** How many state events lie between the start and this end. */
    public long events() {
        return events;
    }
}
