package io.celerity.internal.replication;

/**
 * A sink's acknowledgements: due once it holds more than it said, or says another epoch, after so many documents
 * appended or so long. Used on the sink's agent thread.
 */
final class SinkAcks {

    private final int every;
    private final long intervalNs;
    private long ackedIndex = Long.MIN_VALUE;
    private long ackedEpoch = Frames.NO_EPOCH;
    private int unacked;
    private long lastAckNs;

    SinkAcks(AckPolicy policy) {
        this.every = policy.every();
        this.intervalNs = policy.interval().toNanos();
    }

    /** One more document appended, not yet acknowledged. */
    void appended() {
        unacked++;
    }

    /** Whether to acknowledge {@code lastIndex} in {@code epoch} at {@code nowNs}. */
    boolean due(long epoch, long lastIndex, long nowNs) {
        return (lastIndex > ackedIndex || epoch != ackedEpoch) && (unacked >= every || nowNs - lastAckNs >= intervalNs);
    }

    /** Acknowledges {@code lastIndex} in {@code epoch} at {@code nowNs}; 1 if sent, 0 if not now. */
    int send(SinkReports reports, long epoch, long lastIndex, long nowNs) {
        if (!reports.ack(epoch, lastIndex))
            return 0;
        ackedIndex = lastIndex;
        ackedEpoch = epoch;
        unacked = 0;
        lastAckNs = nowNs;
        return 1;
    }
}
