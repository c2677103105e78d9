package io.celerity.internal.cluster;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a host may conclude from the cluster's answers, on made-up times (ms on the host's nanoTime). */
class ServiceLeaseTest {

    private static final long MS = 1_000_000;
    private static final long HOLD = ClusterTimeouts.DEFAULT.holdNanos();
    private final ServiceLease lease = new ServiceLease("oms", "a", true, ClusterTimeouts.DEFAULT);
    private final UnsafeBuffer reply = new UnsafeBuffer(ByteBuffer.allocateDirect(LeaseProtocol.MAX_LENGTH));

    @Test
    void aGrantLicensesLessThanALeaseFromTheRequestsSending() {
        assertFalse(lease.holds(0));
        lease.granted(1, 100 * MS, 180 * MS); // answered 80 ms after sending
        assertTrue(lease.holds(180 * MS));
        assertTrue(lease.holds(100 * MS + HOLD - 1));
        assertFalse(lease.holds(100 * MS + HOLD), "counted from the sending, not the answer");
        assertEquals(1, lease.token());
        assertEquals("a", lease.holder());
        assertNull(lease.why(180 * MS));
    }

    @Test
    void aLateAnswerToAnOldRequestDoesNotShortenTheLease() {
        lease.granted(1, 200 * MS, 210 * MS);
        lease.granted(1, 100 * MS, 220 * MS);
        assertTrue(lease.holds(200 * MS + HOLD - 1));
    }

    @Test
    void aHeldAnswerNamingANewerTokenDeposesTheHolderForGood() {
        lease.granted(1, 100 * MS, 110 * MS);
        held("b", 2, 150 * MS);
        assertTrue(lease.deposed());
        assertFalse(lease.holds(151 * MS), "deposed before its grant ran out");
        assertEquals("b", lease.holder());
        assertEquals(2, lease.holderToken());
        assertEquals(1, lease.token(), "the token it last held");
        lease.granted(3, 200 * MS, 210 * MS);
        assertFalse(lease.holds(210 * MS), "never again in this process");
        assertTrue(lease.why(210 * MS).contains("host b took lease 'oms' with token 2 after this host's 1"),
                lease.why(210 * MS));
    }

    @Test
    void aGrantUnderAnotherTokenMeansAnotherHostHeldItMeanwhile() {
        lease.granted(1, 100 * MS, 110 * MS);
        lease.granted(3, 900 * MS, 910 * MS); // it never heard of token 2
        assertTrue(lease.deposed());
        assertFalse(lease.holds(910 * MS));
        assertTrue(lease.why(910 * MS).startsWith("another host held lease 'oms' (the cluster is at token 3) after"
                + " this host's 1"), lease.why(910 * MS));
    }

    @Test
    void aStandbyLearnsTheHolderAndIsNotDeposedByIt() {
        ServiceLease standby = new ServiceLease("oms", "b", false, ClusterTimeouts.DEFAULT);
        int at = LeaseProtocol.header(reply, LeaseProtocol.HELD, false, 1, 0);
        at = LeaseProtocol.string(reply, at, "oms");
        LeaseProtocol.string(reply, at, "a");
        standby.held(reply, LeaseProtocol.stringAt(reply, 0, 1), 1, false, 10 * MS);
        assertFalse(standby.deposed(), "it never held the lease");
        assertEquals("a", standby.holder());
        assertEquals(0, standby.token());
        assertEquals("host a holds lease 'oms' with token 1; this host is not eligible to take over",
                standby.why(20 * MS));
        assertTrue(standby.why(20 * MS + ClusterTimeouts.DEFAULT.lease().toNanos())
                .contains("its majority is unreachable or electing"));
    }

    @Test
    void eligibilityIsPendingUntilTheClusterConfirmsItUnderThisHostsToken() {
        lease.granted(1, 100 * MS, 110 * MS);
        lease.askEligible("b");
        assertFalse(lease.eligible("b"));
        assertEquals("b", lease.pendingEligibility(0));
        eligibility("b", 7, true); // another token's
        assertFalse(lease.eligible("b"));
        eligibility("b", 1, true);
        assertTrue(lease.eligible("b"));
        assertNull(lease.pendingEligibility(0), "confirmed: no longer sent");
        lease.askIneligible("b");
        assertEquals("b", lease.pendingEligibility(0));
        eligibility("b", 1, false);
        assertFalse(lease.eligible("b"));
    }

    private void held(String holder, long token, long now) {
        int at = LeaseProtocol.header(reply, LeaseProtocol.HELD, false, token, 0);
        LeaseProtocol.string(reply, LeaseProtocol.string(reply, at, "oms"), holder);
        lease.held(reply, LeaseProtocol.stringAt(reply, 0, 1), token, false, now);
    }

    private void eligibility(String host, long token, boolean eligible) {
        int at = LeaseProtocol.header(reply, LeaseProtocol.ELIGIBILITY, eligible, token, 0);
        LeaseProtocol.string(reply, LeaseProtocol.string(reply, at, "oms"), host);
        lease.eligibility(reply, LeaseProtocol.stringAt(reply, 0, 1), token, eligible, 0);
    }
}
