package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;

/**
 * What this cluster member knows of leadership, for any thread, without allocation or locks: its role, the
 * leadership term, and whether it holds the lease at a given time. Only a lease holder may act as the primary; the
 * role alone is not enough (a leader cut off from the majority still thinks it leads until it notices).
 */
public final class Leadership {

    private final int memberId;
    // Written by the clustered service's thread only; holdsLease reads leaseUntil before leaseFrom (see Lease).
    private volatile Cluster.Role role = Cluster.Role.FOLLOWER;
    private volatile long term = -1;
    private volatile int leaderMemberId = -1;
    private volatile long leaseFrom = Long.MAX_VALUE;
    private volatile long leaseUntil = Long.MIN_VALUE;

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

    /**
     * True when this member holds the lease at {@code nowNanos} ({@link System#nanoTime()}): it leads, it has waited
     * out any earlier leader's lease, and a renewal it sent less than a lease ago was committed by a majority.
     */
    public boolean holdsLease(long nowNanos) {
        long until = leaseUntil; // before leaseFrom: a grant of a new term is written after that term's leaseFrom
        long from = leaseFrom;
        return role == Cluster.Role.LEADER && nowNanos >= from && nowNanos < until;
    }

    void role(Cluster.Role role) {
        this.role = role;
    }

    /** A new term: the old lease ends first, then the new one's earliest start is known. */
    void newTerm(long term, int leaderMemberId, long leaseFrom) {
        this.leaseUntil = Long.MIN_VALUE;
        this.leaseFrom = leaseFrom;
        this.leaderMemberId = leaderMemberId;
        this.term = term;
    }

    void leaseUntil(long until) {
        this.leaseUntil = until;
    }

    long leaseUntil() {
        return leaseUntil;
    }

    long leaseFrom() {
        return leaseFrom;
    }

    @Override
    public String toString() {
        return "member " + memberId + " " + role + " in term " + term + " (leader " + leaderMemberId + ")";
    }
}
