package io.celerity.internal.cluster;

import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.celerity.internal.cluster.RunningCluster.START_LIMIT;
import static io.celerity.internal.cluster.RunningCluster.TAKEOVER_LIMIT;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Three Aeron Cluster members, each its own process on a host of its own (a network namespace where the machine
 * allows, else loopback, said so): a leader is elected and holds the lease; when it is killed, stopped or cut off,
 * another takes over; the old one holds no lease when it wakes or reconnects. Each member prints every lease
 * extension before it takes effect, on the one monotonic clock all processes here share, and no two leases overlap.
 */
class LeaseFailoverTest {

    /** Stop-and-continue rounds, each a takeover measured (more with -Dcelerity.cluster.rounds=N). */
    private static final int ROUNDS = Integer.getInteger("celerity.cluster.rounds", 3);
    private static final String LOST = "no longer holds the lease";

    @TempDir
    Path dir;

    @Test
    void aLeaderIsElectedAndHoldsTheLeaseAndAnotherTakesOverWhenItIsKilled() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            RunningCluster cluster = new RunningCluster(hosts, dir).startAll();
            LeaseRecord.Extension first = cluster.awaitFullCluster(START_LIMIT);
            cluster.awaitStatus(first.member(), "role=LEADER term=" + first.term(), 0, START_LIMIT); // its own view
            cluster.awaitStatus(first.member(), "holds=true", 0, START_LIMIT);

            long killedAt = System.nanoTime();
            cluster.process(first.member()).kill9();
            LeaseRecord.Extension next = cluster.awaitHolder(first.member(), killedAt, TAKEOVER_LIMIT);
            report(hosts, cluster, "kill -9", first, next, killedAt);
            assertTrue(cluster.assertNoOverlap() >= 2, "two leases at least, the first and the new leader's");
        }
    }

    @Test
    void aStoppedLeaderIsReplacedAndHoldsNoLeaseWhenItWakes() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            RunningCluster cluster = new RunningCluster(hosts, dir).startAll();
            List<Long> takeovers = new ArrayList<>();
            for (int round = 1; round <= ROUNDS; round++) {
                LeaseRecord.Extension holder = cluster.awaitFullCluster(START_LIMIT);
                String old = holder.member();
                int lostBefore = cluster.count(old, LOST);
                long stoppedAt = System.nanoTime();
                cluster.process(old).stop();
                LeaseRecord.Extension next = cluster.awaitHolder(old, stoppedAt, TAKEOVER_LIMIT);
                takeovers.add((next.holdsFrom() - stoppedAt) / 1_000_000);
                report(hosts, cluster, "SIGSTOP (round " + round + ")", holder, next, stoppedAt);

                long wokeAt = System.nanoTime();
                cluster.process(old).cont();
                if (cluster.heldAt(old, stoppedAt)) {
                    String woken = cluster.awaitFirstStatus(old, wokeAt, TAKEOVER_LIMIT);
                    assertTrue(woken.contains("holds=false"), "woken, " + old + " first said " + woken);
                    cluster.awaitMore(old, LOST, lostBefore, TAKEOVER_LIMIT);
                } else { // the loaded machine moved the lease before the stop landed
                    System.out.println("LeaseFailoverTest: round " + round + ": " + old + " lost the lease before"
                            + " the stop landed; its waking is not checked");
                }
                cluster.awaitFollowing(old, next.term(), 0, START_LIMIT); // the next round needs a majority again
                System.out.println("LeaseFailoverTest: woken, " + old + " follows term " + next.term() + " after "
                        + (System.nanoTime() - wokeAt) / 1_000_000 + " ms");
            }
            cluster.assertNoOverlap();
            System.out.println("LeaseFailoverTest: SIGSTOP takeovers (ms) " + takeovers);
        }
    }

    @Test
    void aLeaderCutOffLosesTheLeaseAndRejoinsAsFollower() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            assumeTrue(hosts.isolated(), "no network namespaces on this machine: a link cannot be cut, so not tested");
            RunningCluster cluster = new RunningCluster(hosts, dir).startAll();
            LeaseRecord.Extension holder = cluster.awaitFullCluster(START_LIMIT);
            String old = holder.member();
            int lostBefore = cluster.count(old, LOST);

            long cutAt = System.nanoTime();
            hosts.host(old).linkDown();
            LeaseRecord.Extension next = cluster.awaitHolder(old, cutAt, TAKEOVER_LIMIT);
            cluster.awaitMore(old, LOST, lostBefore, TAKEOVER_LIMIT);
            cluster.awaitStatus(old, "holds=false", cutAt, TAKEOVER_LIMIT);
            report(hosts, cluster, "link down", holder, next, cutAt);

            long upAt = System.nanoTime();
            hosts.host(old).linkUp();
            cluster.awaitFollowing(old, next.term(), upAt, START_LIMIT);
            cluster.awaitCurrentHolder(TAKEOVER_LIMIT);
            cluster.assertNoOverlap();
        }
    }

    /** One line per takeover: from the fault (a stop lands when the kill command runs) and from the old lease's end. */
    private static void report(Hosts hosts, RunningCluster cluster, String fault, LeaseRecord.Extension old,
                               LeaseRecord.Extension next, long faultAt) {
        long oldUntil = cluster.lastUntil(old.member());
        System.out.printf("LeaseFailoverTest: %s of leader %s (%s): %s holds the lease of term %d %d ms after the"
                        + " fault, %d ms after the old lease ended (%d ms after the fault)%n", fault, old.member(),
                hosts.isolated() ? "network namespaces" : "loopback only, no namespaces", next.member(), next.term(),
                (next.holdsFrom() - faultAt) / 1_000_000, (next.holdsFrom() - oldUntil) / 1_000_000,
                (oldUntil - faultAt) / 1_000_000);
    }
}
