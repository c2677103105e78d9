package io.celerity.internal.cluster;

import java.time.Duration;

/**
 * Aeron Cluster's failure-detection timeouts and the service leases it grants (docs/cluster.adoc, "Timeouts"). A
 * service's standby takes over a lease about {@code lease} after its holder's last renewal, well under a second when
 * the cluster's leader survives; if the leader dies too, Raft's election (detection, nomination, ballot) comes first.
 *
 * @param leaderHeartbeatInterval how often the leader tells followers it lives (and how far the log is committed)
 * @param leaderHeartbeatTimeout  silence after which a follower calls an election, and a leader without a majority
 *                                steps down
 * @param electionTimeout         how long an election round (canvass, nomination, votes) may take before another
 * @param electionStatusInterval  how often members resend election messages during an election
 * @param startupCanvassTimeout   how long a starting member waits for all members before electing with a majority
 * @param lease                   how long a grant or renewal lasts in cluster time; the holder counts it from sending
 * @param renewalInterval         how often a client asks for its leases (a holder renews, a standby polls)
 */
public record ClusterTimeouts(Duration leaderHeartbeatInterval, Duration leaderHeartbeatTimeout,
                              Duration electionTimeout, Duration electionStatusInterval,
                              Duration startupCanvassTimeout, Duration lease, Duration renewalInterval) {

    /**
     * How much faster or slower than real time a host's clock may run (0.1 %, ten times the worst quartz crystal): a
     * holder counts its lease as {@code lease * (1 - drift)^2}, so it has ended by its clock before the cluster's.
     */
    public static final double MAX_CLOCK_DRIFT = 0.001;
    /**
     * How far apart the cluster members' wall clocks may be (cluster time is the leader's wall clock, so a new leader
     * whose clock is ahead ends a lease early by that much): a holder stops this much before its lease ends.
     */
    public static final Duration MAX_CLOCK_SKEW = Duration.ofMillis(20);

    /** The product's values: sub-second takeover on a LAN (measured figures in docs/cluster.adoc). */
    public static final ClusterTimeouts DEFAULT = new ClusterTimeouts(Duration.ofMillis(30), Duration.ofMillis(300),
            Duration.ofMillis(150), Duration.ofMillis(20), Duration.ofSeconds(3), Duration.ofMillis(300),
            Duration.ofMillis(50));

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
        if (lease.compareTo(MAX_CLOCK_SKEW.multipliedBy(4)) < 0)
            throw new IllegalArgumentException("cluster timeouts: lease " + lease + " must be at least four times"
                    + " the clock skew allowed, " + MAX_CLOCK_SKEW + ", or a holder has almost no time to act");
    }

    /** The same timeouts with another lease and renewal interval. */
    public ClusterTimeouts withLease(Duration lease, Duration renewalInterval) {
        return new ClusterTimeouts(leaderHeartbeatInterval, leaderHeartbeatTimeout, electionTimeout,
                electionStatusInterval, startupCanvassTimeout, lease, renewalInterval);
    }

    /**
     * How long after sending a request that was granted a holder may act on it, by its own clock: the lease, less the
     * worst drift and the members' skew (docs/cluster.adoc, "Why a holder is alone").
     */
    long holdNanos() {
        return (long) Math.floor(lease.toNanos() * (1 - MAX_CLOCK_DRIFT) * (1 - MAX_CLOCK_DRIFT))
                - MAX_CLOCK_SKEW.toNanos(); // one drift for the cluster's clock, one for the holder's
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero())
            throw new IllegalArgumentException("cluster timeouts: " + name + " must be positive, not " + value);
    }
}
