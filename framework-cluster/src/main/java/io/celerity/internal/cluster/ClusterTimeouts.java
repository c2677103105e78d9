package io.celerity.internal.cluster;

import java.time.Duration;

/**
 * Aeron Cluster's failure-detection timeouts and the leader's lease (docs/cluster.adoc, "Timeouts"). The defaults
 * aim at a takeover within a second: a silent leader is suspected after {@code leaderHeartbeatTimeout}, an election
 * takes a few {@code electionStatusInterval}s, and the new leader then waits out the old lease ({@code lease}).
 *
 * @param leaderHeartbeatInterval how often the leader tells followers it lives (and how far the log is committed)
 * @param leaderHeartbeatTimeout  silence after which a follower calls an election, and a leader without a majority
 *                                steps down
 * @param electionTimeout         how long an election round (canvass, nomination, votes) may take before another
 * @param electionStatusInterval  how often members resend election messages during an election
 * @param startupCanvassTimeout   how long a starting member waits for all members before electing with a majority
 * @param lease                   how long a committed renewal lets the leader act, from the renewal's sending
 * @param renewalInterval         how often the leader renews (a few renewals fit in a lease, so one late is harmless)
 */
public record ClusterTimeouts(Duration leaderHeartbeatInterval, Duration leaderHeartbeatTimeout,
                              Duration electionTimeout, Duration electionStatusInterval,
                              Duration startupCanvassTimeout, Duration lease, Duration renewalInterval) {

    /** The product's values: sub-second takeover on a LAN (measured figures in docs/cluster.adoc). */
    public static final ClusterTimeouts DEFAULT = new ClusterTimeouts(Duration.ofMillis(30), Duration.ofMillis(300),
            Duration.ofMillis(150), Duration.ofMillis(20), Duration.ofSeconds(3), Duration.ofMillis(200),
            Duration.ofMillis(40));

    /**
     * How much faster or slower than real time a host's monotonic clock may run (0.1 %, ten times the worst quartz
     * crystal): a new leader waits {@code lease * (1 + drift)^2} so the old lease has ended by anyone's clock.
     */
    public static final double MAX_CLOCK_DRIFT = 0.001;

    public ClusterTimeouts {
        positive("leaderHeartbeatInterval", leaderHeartbeatInterval);
        positive("leaderHeartbeatTimeout", leaderHeartbeatTimeout);
        positive("electionTimeout", electionTimeout);
        positive("electionStatusInterval", electionStatusInterval);
        positive("startupCanvassTimeout", startupCanvassTimeout);
        positive("lease", lease);
        positive("renewalInterval", renewalInterval);
        if (leaderHeartbeatTimeout.compareTo(leaderHeartbeatInterval.multipliedBy(2)) < 0)
            throw new IllegalArgumentException("cluster timeouts: leaderHeartbeatTimeout " + leaderHeartbeatTimeout
                    + " must be at least twice leaderHeartbeatInterval " + leaderHeartbeatInterval
                    + ", or one late heartbeat calls an election");
        if (electionTimeout.compareTo(electionStatusInterval.multipliedBy(2)) < 0)
            throw new IllegalArgumentException("cluster timeouts: electionTimeout " + electionTimeout
                    + " must be at least twice electionStatusInterval " + electionStatusInterval);
        if (lease.compareTo(renewalInterval.multipliedBy(2)) < 0)
            throw new IllegalArgumentException("cluster timeouts: lease " + lease + " must be at least twice"
                    + " renewalInterval " + renewalInterval + ", or one late renewal ends the lease");
    }

    /** The same timeouts with another lease and renewal interval. */
    public ClusterTimeouts withLease(Duration lease, Duration renewalInterval) {
        return new ClusterTimeouts(leaderHeartbeatInterval, leaderHeartbeatTimeout, electionTimeout,
                electionStatusInterval, startupCanvassTimeout, lease, renewalInterval);
    }

    /** How long a new leader waits before its lease starts: the lease, stretched by the worst drift of two clocks. */
    long leaseWaitNanos() {
        return (long) Math.ceil(lease.toNanos() * (1 + MAX_CLOCK_DRIFT) * (1 + MAX_CLOCK_DRIFT));
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero())
            throw new IllegalArgumentException("cluster timeouts: " + name + " must be positive, not " + value);
    }
}
