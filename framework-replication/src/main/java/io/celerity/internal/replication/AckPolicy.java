package io.celerity.internal.replication;

import java.time.Duration;

/**
 * When a sink acknowledges what it holds.
 *
 * @param every    at least every so many documents while they stream in
 * @param interval at least this often while some are unacknowledged (so an idle link acknowledges at once)
 * @param sync     msync the replica's cycle file before each acknowledgement, for a queue whose writes wait for disk
 */
public record AckPolicy(int every, Duration interval, boolean sync) {

    /** Every 64 documents or 20 µs, without msync: an acknowledged document is in the replica's mapped file. */
    public static final AckPolicy DEFAULT = new AckPolicy(64, Duration.ofNanos(20_000), false);

    public AckPolicy {
        if (every < 1)
            throw new IllegalArgumentException("acknowledge every " + every + " documents: must be at least 1");
        if (interval.isNegative())
            throw new IllegalArgumentException("acknowledgement interval " + interval + " is negative");
    }
}
