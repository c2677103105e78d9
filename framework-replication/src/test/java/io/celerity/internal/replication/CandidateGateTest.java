package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The gate of a source that starts while a candidate's eligibility is unknown (a holder restarted within its lease,
 * whose cluster may still hold the standby eligible from before): the other sinks wait until the cluster confirms the
 * candidate may not take over, so nobody downstream sees what a possible successor lacks.
 */
class CandidateGateTest {

    /** A lease held by this host whose cluster answers only when told to; null: unknown. */
    private static final class Lease implements HaLease {
        Boolean eligibleB;
        final List<String> asked = new ArrayList<>();

        @Override
        public boolean holds(long nowNanos) {
            return true;
        }

        @Override
        public long token() {
            return 1;
        }

        @Override
        public String holder() {
            return "c";
        }

        @Override
        public long holderToken() {
            return 1;
        }

        @Override
        public boolean deposed() {
            return false;
        }

        @Override
        public void askEligible(String host) {
            asked.add("eligible " + host);
        }

        @Override
        public void askIneligible(String host) {
            asked.add("ineligible " + host);
        }

        @Override
        public boolean eligible(String host) {
            return Boolean.TRUE.equals(eligibleB);
        }

        @Override
        public boolean ineligible(String host) {
            return Boolean.FALSE.equals(eligibleB);
        }

        @Override
        public String why(long nowNanos) {
            return null;
        }
    }

    @Test
    void theOtherSinksWaitUntilTheClusterConfirmsACandidateOfUnknownEligibilityMayNotTakeOver() {
        Lease lease = new Lease();
        SinkLink a = link(1);
        SinkLink b = link(2);
        CandidateGate gate = new CandidateGate("reports", lease, List.of(2), List.of("b"));
        gate.bind(new SinkLink[]{a, b});

        gate.apply(System.nanoTime());
        assertEquals(List.of("ineligible b"), lease.asked, "asked at once");
        assertEquals(b.heldIndex(), a.limit(), "a held to what b holds while b may still take over");

        lease.eligibleB = false;
        gate.apply(System.nanoTime());
        assertEquals(Long.MAX_VALUE, a.limit(), "free once the cluster confirmed b may not take over");
    }

    private static SinkLink link(int id) {
        return new SinkLink("reports", new SinkEndpoint(id, new Endpoint("aeron:udp?endpoint=127.0.0.1:40100", id)),
                RollCycles.FAST_DAILY, 1, 0);
    }
}
