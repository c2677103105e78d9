package io.celerity.internal.history;

import net.openhft.chronicle.wire.VanillaMessageHistory;
import net.openhft.chronicle.wire.WireIn;

/**
 * The message history of a loop thread, recording each input under its configured source id. Chronicle would record
 * the id persisted by whichever process created the queue (0 for a plain producer), which restart cannot rely on. The
 * clock is read once per input, when a reader starts on it: Chronicle reads it again for an input that carries history.
 */
public final class InputHistory extends VanillaMessageHistory {

    private int sourceId;
    private long index;
    private long readNanos; // when a reader started on the input in hand
    private boolean readingInput; // between a reader's reset for an input and the end of its read
    private long upstreamWriteNanos; // the last timing of the input's own history, its writer's; 0 without history

    public InputHistory() {
        addSourceDetails(true);
    }

    /** Names the input about to be dispatched. */
    public void input(int sourceId, long index) {
        this.sourceId = sourceId;
        this.index = index;
    }

    /** A reader starts on the input in hand: its source and the time it is read. */
    @Override
    public void reset(int ignoredQueueSourceId, long ignoredIndex) {
        readNanos = nanoTime(); // Chronicle's clock for history: System.nanoTime() unless history.wall.clock
        readingInput = true;
        upstreamWriteNanos = 0;
        forInputInHand();
    }

    /** Only the input in hand's source and read time, whatever the reader has read since: what acknowledges it. */
    public void forInputInHand() {
        record(sourceId, index, readNanos);
    }

    /** Only this input's source and read time. */
    public void record(int inputSourceId, long inputIndex, long inputReadNanos) {
        super.reset();
        addSource(inputSourceId, inputIndex);
        addTiming(inputReadNanos);
    }

    @Override
    public void reset() {
        super.reset();
        readingInput = false;
    }

    @Override
    public void readMarshallable(WireIn wire) {
        addSourceDetails(false);
        try {
            super.readMarshallable(wire);
        } finally {
            addSourceDetails(true);
        }
        int n = timings();
        upstreamWriteNanos = n == 0 ? 0 : timing(n - 1);
        addSource(sourceId, index);
        addTiming(readingInput ? readNanos : nanoTime());
    }

    /** When a reader started on the last input. */
    public long readNanos() {
        return readNanos;
    }

    /** When the last input's writer wrote it, from its history; 0 when it carried none (a plain producer's). */
    public long upstreamWriteNanos() {
        return upstreamWriteNanos;
    }
}
