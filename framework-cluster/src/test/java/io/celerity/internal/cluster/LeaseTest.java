package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lease's rules on made-up times (ms): what a committed renewal grants, and when it does not. */
class LeaseTest {

    private static final long MS = 1_000_000;
    private static final long INCARNATION = 42;
    private static final long LEASE = ClusterTimeouts.DEFAULT.lease().toNanos();
    private static final long WAIT = ClusterTimeouts.DEFAULT.leaseWaitNanos();

    private final Leadership view = new Leadership(1);
    private final List<long[]> extensions = new ArrayList<>();
    private final Lease lease = new Lease(view, INCARNATION, ClusterTimeouts.DEFAULT,
            (term, from, until, now) -> extensions.add(new long[] {term, from, until, now}));

    @Test
    void aNewLeaderHoldsNoLeaseUntilTheOldOneCanHaveRunOut() {
        lease.role(Cluster.Role.LEADER, 0);
        lease.newTerm(3, 1, 1000 * MS);
        lease.committed(1, 3, INCARNATION, 1010 * MS, 1020 * MS);
        assertFalse(view.holdsLease(1020 * MS), "committed, but within the old lease's reach");
        assertFalse(view.holdsLease(1000 * MS + WAIT - 1));
        lease.committed(1, 3, INCARNATION, 1000 * MS + WAIT, 1000 * MS + WAIT + MS);
        assertTrue(view.holdsLease(1000 * MS + WAIT + MS));
        assertEquals(1000 * MS + WAIT + LEASE, extensions.get(extensions.size() - 1)[2]);
    }

    @Test
    void theLeaseRunsOutALeaseAfterTheLastCommittedRenewalWasSent() {
        long sent = leadingWithLease();
        assertTrue(view.holdsLease(sent + LEASE - 1));
        assertFalse(view.holdsLease(sent + LEASE), "no renewal committed since: the majority is gone");
        assertEquals(1, lease.check(sent + LEASE), "its end is noticed once");
        assertEquals(0, lease.check(sent + LEASE + MS));
    }

    @Test
    void aRenewalCommittedLateStillCountsFromItsSending() {
        long sent = leadingWithLease();
        lease.committed(1, 3, INCARNATION, sent + 10 * MS, sent + LEASE + 5_000 * MS); // woken from a stop
        assertFalse(view.holdsLease(sent + LEASE + 5_000 * MS));
    }

    @Test
    void onlyItsOwnRenewalsOfTheCurrentTermFromThisProcessCount() {
        long sent = leadingWithLease();
        long later = sent + 100 * MS;
        lease.committed(2, 3, INCARNATION, later, later); // another member's
        lease.committed(1, 2, INCARNATION, later, later); // an older term's
        lease.committed(1, 3, INCARNATION + 1, later, later); // an earlier process of this member, replayed
        assertFalse(view.holdsLease(sent + LEASE), "none extended the lease");
    }

    @Test
    void followingOrANewTermEndsTheLeaseAtOnce() {
        long sent = leadingWithLease();
        lease.role(Cluster.Role.FOLLOWER, sent + MS);
        assertFalse(view.holdsLease(sent + MS));

        sent = leadingWithLease();
        lease.newTerm(4, 2, sent + MS);
        assertFalse(view.holdsLease(sent + 2 * MS), "member 2 leads term 4");
    }

    /** Leads term 3, past the wait, with a renewal committed; returns when that renewal was sent. */
    private long leadingWithLease() {
        lease.role(Cluster.Role.LEADER, 0);
        lease.newTerm(3, 1, 0);
        long sent = WAIT + 10 * MS;
        lease.committed(1, 3, INCARNATION, sent, sent + MS);
        assertTrue(view.holdsLease(sent + MS));
        return sent;
    }
}
