package io.celerity.internal.cluster;

import io.aeron.cluster.service.Cluster;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading {@link Leadership} and renewing the lease allocate nothing (the thread's allocation counter says so). */
class LeadershipNoGarbageTest {

    private static final int CALLS = 1_000_000;
    private static final long MS = 1_000_000;

    @Test
    void readingTheViewAndRenewingTheLeaseAllocateNothing() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        Leadership view = new Leadership(0);
        Lease lease = new Lease(view, 7, ClusterTimeouts.DEFAULT, LeaseListener.NONE);
        lease.role(Cluster.Role.LEADER, 0);
        lease.newTerm(1, 0, 0);
        long start = ClusterTimeouts.DEFAULT.leaseWaitNanos();
        lease.committed(0, 1, 7, start, start); // the first grant logs once: outside the measurement
        int held = run(view, lease, start); // warm-up: the JIT compiles both paths
        long before = threads.getCurrentThreadAllocatedBytes();
        held += run(view, lease, start + CALLS * MS);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(2 * CALLS, held, "the lease held throughout");
        assertTrue(allocated < 1024, allocated + " bytes allocated in " + CALLS + " reads and renewals");
    }

    private static int run(Leadership view, Lease lease, long from) {
        int held = 0;
        for (int i = 0; i < CALLS; i++) {
            long now = from + i * MS;
            lease.committed(0, 1, 7, now, now);
            lease.check(now);
            if (view.holdsLease(now) && view.role() == Cluster.Role.LEADER && view.term() == 1)
                held++;
        }
        return held;
    }
}
