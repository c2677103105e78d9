package io.celerity.internal.cluster;

import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host's steady state allocates nothing (the thread's allocation counter says so): encoding its requests, taking
 * the cluster's answers (grants, a standby's "held", eligibility) and reading its leases from any thread.
 */
class LeaseClientNoGarbageTest {

    private static final int ROUNDS = 1_000_000;
    private static final long MS = 1_000_000;

    @Test
    void requestsAnswersAndReadsAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ClusterMembers members = ClusterMembers.parse("a=127.0.0.1:23500,b=127.0.0.1:23505,c=127.0.0.1:23510");
        try (LeaseClient client = new LeaseClient(members, "x", "127.0.0.1", null, ClusterTimeouts.DEFAULT)) {
            ServiceLease held = client.lease("oms", true);
            ServiceLease standby = client.lease("risk", false);
            held.askEligible("y");
            Answers answers = new Answers();
            long reads = run(client, held, standby, answers, 0); // warm-up: the JIT compiles every path
            long before = threads.getCurrentThreadAllocatedBytes();
            reads += run(client, held, standby, answers, ROUNDS * MS);
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            assertEquals(2 * ROUNDS, reads, "the lease held and the standby saw its holder throughout");
            assertTrue(held.eligible("y"));
            assertTrue(allocated < 1024, allocated + " bytes allocated in " + ROUNDS + " rounds");
        }
    }

    private static long run(LeaseClient client, ServiceLease held, ServiceLease standby, Answers answers, long from) {
        long reads = 0;
        for (int i = 0; i < ROUNDS; i++) {
            long now = from + i * MS;
            client.acquire(held, now);
            client.onReply(0, now, answers.granted, 0, answers.grant(now), null);
            client.onReply(0, now, answers.held, 0, answers.heldLength, null);
            client.onReply(0, now, answers.eligible, 0, answers.eligibleLength, null);
            if (held.holds(now) && held.token() == 1 && !held.deposed() && "z".equals(standby.holder())
                    && standby.holderToken() == 7)
                reads++;
        }
        return reads;
    }

    /** The cluster's answers as the egress delivers them. */
    private static final class Answers {
        final UnsafeBuffer granted = buffer();
        final UnsafeBuffer held = buffer();
        final UnsafeBuffer eligible = buffer();
        final int heldLength;
        final int eligibleLength;

        Answers() {
            heldLength = LeaseProtocol.string(held, LeaseProtocol.string(held,
                    LeaseProtocol.header(held, LeaseProtocol.HELD, false, 7, 0), "risk"), "z");
            eligibleLength = LeaseProtocol.string(eligible, LeaseProtocol.string(eligible,
                    LeaseProtocol.header(eligible, LeaseProtocol.ELIGIBILITY, true, 1, 0), "oms"), "y");
        }

        int grant(long sentAt) {
            return LeaseProtocol.string(granted, LeaseProtocol.header(granted, LeaseProtocol.GRANTED, false, 1,
                    sentAt), "oms");
        }

        private static UnsafeBuffer buffer() {
            return new UnsafeBuffer(ByteBuffer.allocateDirect(LeaseProtocol.MAX_LENGTH));
        }
    }
}
