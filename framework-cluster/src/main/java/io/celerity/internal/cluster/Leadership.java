package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;

/**
 * What this cluster member knows of the cluster's own leadership, for status and metrics, from any thread without
 * allocation or locks: its Raft role, the leadership term, the leader's member id, and how often its role changed.
 * It licenses nothing: which host runs a service is decided by the leases ({@link ServiceLease}), not by which
 * member Raft elected.
 */
public final class Leadership {

    private final int memberId;
    // Written by the clustered service's thread only.
    private volatile Cluster.Role role = Cluster.Role.FOLLOWER;
    private volatile long term = -1;
    private volatile int leaderMemberId = -1;
    private volatile long roleChanges;

    Leadership(int memberId) {
        this.memberId = memberId;
    }

    /** This member's id: its position in the cluster's member list. */
    public int memberId() {
        return memberId;
    }

    /** This member's role as its clustered service last saw it. */
    public Cluster.Role role() {
        return role;
    }

    /** The leadership term id of the latest term this member has seen in the log; -1 before the first. */
    public long term() {
        return term;
    }

    /** The leader of {@link #term()}; -1 before the first term. */
    public int leaderMemberId() {
        return leaderMemberId;
    }

    /** How many times this member's role changed since it started (a Prometheus counter). */
    public long roleChanges() {
        return roleChanges;
    }

    void role(Cluster.Role role) {
        if (role != this.role)
            roleChanges++; // single writer: the service's thread
        this.role = role;
    }

    void newTerm(long term, int leaderMemberId) {
        this.leaderMemberId = leaderMemberId;
        this.term = term;
    }

    @Override
    public String toString() {
        return "member " + memberId + " " + role + " in term " + term + " (leader " + leaderMemberId + ")";
    }
}
