package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycle;

import java.nio.ByteOrder;

/**
 * The two frame layouts of a replication link, little-endian. Data (source to sink): epoch, index, the source's lease
 * token and host, the document's bytes. Control (sink to source): type, sink id, epoch, index, and the sink's roll
 * cycle.
 */
final class Frames {

    static final ByteOrder ORDER = ByteOrder.LITTLE_ENDIAN;

    static final int DATA_EPOCH = 0;
    static final int DATA_INDEX = 8;
    /** The fencing token of the lease the source holds: 0 for a queue that is not highly available. */
    static final int DATA_TOKEN = 16;
    /** The source's host, its position under {@code hosts}: where a sink sends its control frames. */
    static final int DATA_HOST = 24;
    static final int DATA_HEADER = 32;
    /** The index of a data frame that carries no document: the source has no place for this sink and asks for one. */
    static final long HELLO = -2;
    /** The index of a data frame that carries no document: the source has moved to the sink's place (its epoch). */
    static final long RESUMED = -3;
    /** The index of a data frame that carries no document: the sink's last document is not the source's (its epoch). */
    static final long DIVERGED = -4;
    /** The host of a source that has none (a test's loopback source). */
    static final int NO_HOST = -1;

    static final int CONTROL_TYPE = 0;
    static final int CONTROL_SINK = 4;
    static final int CONTROL_EPOCH = 8;
    static final int CONTROL_INDEX = 16;
    static final int CONTROL_CYCLE_LAYOUT = 24;
    static final int CONTROL_CYCLE_MILLIS = 32;
    static final int CONTROL_LENGTH = 36;
    /** Send from this index on (the sink's last; -1: from the start), tagging data frames with this epoch. */
    static final int RESUME = 1;
    /** The sink holds every document up to this index. */
    static final int ACK = 2;

    /** No epoch: the source link waits for a resume. Sinks never pick it. */
    static final long NO_EPOCH = 0;

    private Frames() {
    }

    /** Where a roll cycle puts cycle 1's first index: with the cycle's length, what a source and its sinks agree on. */
    static long cycleLayout(RollCycle rollCycle) {
        return rollCycle.toIndex(1, 0);
    }
}
