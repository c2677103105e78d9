package io.celerity.internal.history;

import net.openhft.chronicle.wire.VanillaMessageHistory;
import net.openhft.chronicle.wire.WireIn;

/**
 * The message history of a loop thread, recording each input under its configured source id. Chronicle would record
 * the id persisted by whichever process created the queue (0 for a plain producer), which restart cannot rely on.
 */
public final class InputHistory extends VanillaMessageHistory {

    private int sourceId;
    private long index;

    public InputHistory() {
        addSourceDetails(true);
    }

    /** Names the input about to be dispatched. */
    public void input(int sourceId, long index) {
        this.sourceId = sourceId;
        this.index = index;
    }

    @Override
    public void reset(int ignoredQueueSourceId, long ignoredIndex) {
        super.reset(sourceId, index);
    }

    @Override
    public void readMarshallable(WireIn wire) {
        addSourceDetails(false);
        try {
            super.readMarshallable(wire);
        } finally {
            addSourceDetails(true);
        }
        addSource(sourceId, index);
        addTiming(nanoTime());
    }
}
