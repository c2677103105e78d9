package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.TimeUnit;

/**
 * The leader's lease, kept on the clustered service's thread from what the committed log says (docs/cluster.adoc,
 * "The lease"). A renewal this member sent in its own term, once committed, extends the lease to its sending time
 * plus the lease; a new term starts with no lease, and its leader's lease may start only a lease after it saw the
 * term begin, by which time any earlier leader's last committed renewal has run out. Says, once, when the lease
 * starts and when it ends, and why.
 */
final class Lease {

    private static final Logger LOG = LoggerFactory.getLogger(Lease.class);

    private final Leadership view;
    private final long incarnation;
    private final long leaseNanos;
    private final long waitNanos;
    private final LeaseListener listener;
    private long lastRenewalSentAt = Long.MIN_VALUE; // of the latest committed renewal of ours in this term
    private long termSeenAt;
    private boolean held;

    Lease(Leadership view, long incarnation, ClusterTimeouts timeouts, LeaseListener listener) {
        this.view = view;
        this.incarnation = incarnation;
        this.leaseNanos = timeouts.lease().toNanos();
        this.waitNanos = timeouts.leaseWaitNanos();
        this.listener = listener;
    }

    long incarnation() {
        return incarnation;
    }

    /** The log reached a new leadership term; if this member leads it, its lease may start a lease wait from now. */
    void newTerm(long term, int leaderMemberId, long nowNanos) {
        termSeenAt = nowNanos;
        lastRenewalSentAt = Long.MIN_VALUE;
        view.newTerm(term, leaderMemberId, leaderMemberId == view.memberId() ? nowNanos + waitNanos : Long.MAX_VALUE);
        check(nowNanos);
    }

    void role(Cluster.Role role, long nowNanos) {
        view.role(role);
        check(nowNanos);
    }

    /** A renewal committed by a majority: it extends the lease if this process sent it in the current term. */
    void committed(int memberId, long term, long incarnation, long sentAtNanos, long nowNanos) {
        if (memberId != view.memberId() || incarnation != this.incarnation || term != view.term())
            return;
        lastRenewalSentAt = sentAtNanos;
        long until = sentAtNanos + leaseNanos;
        if (until > view.leaseUntil()) {
            listener.extended(term, view.leaseFrom(), until, nowNanos); // before the view shows it: a record never lags
            view.leaseUntil(until);
        }
        check(nowNanos);
    }

    /** Notices the lease starting or ending; returns 1 when it changed. */
    int check(long nowNanos) {
        boolean holds = view.holdsLease(nowNanos);
        if (holds == held)
            return 0;
        held = holds;
        if (holds)
            LOG.info("member {} holds the lease for term {}: leader for {} ms, having waited out any earlier lease",
                    view.memberId(), view.term(), millis(nowNanos - termSeenAt));
        else
            LOG.warn("member {} no longer holds the lease for term {}: {}", view.memberId(), view.term(),
                    why(nowNanos));
        return 1;
    }

    private String why(long nowNanos) {
        if (view.role() != Cluster.Role.LEADER)
            return "it is no longer leader (" + view.role() + ")";
        if (view.leaderMemberId() != view.memberId())
            return "member " + view.leaderMemberId() + " leads a later term";
        if (nowNanos < view.leaseFrom())
            return "it leads again, in a new term whose lease starts once any earlier one has run out";
        return "no renewal committed by a majority for " + millis(nowNanos - lastRenewalSentAt) + " ms (lease "
                + millis(leaseNanos) + " ms): the majority is unreachable or electing, so this member must not write";
    }

    private static long millis(long nanos) {
        return TimeUnit.NANOSECONDS.toMillis(nanos);
    }
}
