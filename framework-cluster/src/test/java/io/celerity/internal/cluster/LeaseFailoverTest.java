package io.celerity.internal.cluster;

import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.celerity.internal.cluster.RunningCluster.START_LIMIT;
import static io.celerity.internal.cluster.RunningCluster.TAKEOVER_LIMIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Three cluster members on hosts a, b, c (network namespaces where the machine allows, else loopback, said so) and
 * two candidates for lease {@code oms}, each its own process: a on host a (the preferred host), b on host b. The
 * holder is killed, stopped or cut off; the eligible other takes over; a stopped or cut-off holder, back, says it was
 * deposed and never holds again. Every candidate prints each grant before acting on it, on the one monotonic clock
 * all processes here share, and no two ever hold at the same moment.
 */
class LeaseFailoverTest {

    private static final Logger LOG = LoggerFactory.getLogger(LeaseFailoverTest.class);

    /** Stop-and-continue rounds, each a takeover measured (more with -Dcelerity.cluster.rounds=N). */
    private static final int ROUNDS = Integer.getInteger("celerity.cluster.rounds", 3);
    private static final long LEASE = ClusterTimeouts.DEFAULT.lease().toNanos();

    @TempDir
    Path dir;

    @Test
    void theEligibleStandbyTakesOverWhenTheHolderIsKilled() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            RunningCluster cluster = new RunningCluster(hosts, dir).startMembers();
            HostProcess a = cluster.startCandidate("a", true, "b");
            HostProcess b = cluster.startCandidate("b", false, "a");
            awaitHolding(cluster, a, b, 1);

            long killedAt = System.nanoTime();
            a.kill9();
            LeaseRecord.Grant next = cluster.awaitHolder(a, killedAt, TAKEOVER_LIMIT);
            assertEquals(b.pid(), next.pid(), "the standby took over");
            assertEquals(2, next.token(), "a new fencing token");
            report(hosts, cluster, "kill -9", a, next, killedAt);
            assertTrue(cluster.assertNoOverlap() >= 2, "two holdings at least, a's and b's");
        }
    }

    @Test
    void theStandbyTakesOverWhenTheHolderIsLostWithItsHostsMemberLeadingTheCluster() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            RunningCluster cluster = new RunningCluster(hosts, dir).startMembers();
            String lost = cluster.awaitLeaderHost(START_LIMIT);
            String other = lost.equals("a") ? "b" : "a";
            HostProcess holder = cluster.startCandidate(lost, true, other);
            HostProcess standby = cluster.startCandidate(other, false, lost);
            awaitHolding(cluster, holder, standby, 1);
            long termBefore = cluster.lastTerm();

            long killedAt = System.nanoTime();
            holder.kill9();
            cluster.member(lost).kill9(); // the whole host: the cluster elects another leader, the standby follows it
            LeaseRecord.Grant next = cluster.awaitHolder(holder, killedAt, TAKEOVER_LIMIT);
            assertEquals(standby.pid(), next.pid(), "the standby took over");
            report(hosts, cluster, "kill -9 of the holder and its host's member, the cluster's leader in term "
                    + termBefore + ",", holder, next, killedAt);
            cluster.assertNoOverlap();
        }
    }

    @Test
    void aStoppedHolderIsReplacedAndWakesDeposed() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            RunningCluster cluster = new RunningCluster(hosts, dir).startMembers();
            HostProcess holder = cluster.startCandidate("a", true, "b");
            HostProcess standby = cluster.startCandidate("b", false, "a");
            List<Long> takeovers = new ArrayList<>();
            long token = 1;
            for (int round = 1; round <= ROUNDS; round++) {
                awaitHolding(cluster, holder, standby, token);
                long stoppedAt = System.nanoTime();
                holder.stop();
                LeaseRecord.Grant next = cluster.awaitHolder(holder, stoppedAt, TAKEOVER_LIMIT);
                assertEquals(standby.pid(), next.pid(), "round " + round + ": the standby took over");
                assertEquals(token + 1, next.token(), "round " + round + ": a new fencing token");
                takeovers.add((next.from() - stoppedAt) / 1_000_000);
                report(hosts, cluster, "SIGSTOP (round " + round + ")", holder, next, stoppedAt);

                long wokeAt = System.nanoTime();
                holder.cont();
                cluster.awaitStatus(holder, "deposed=true", wokeAt, TAKEOVER_LIMIT);
                // a lease more, seen as the new holder's renewal granted after it: the cluster answered meanwhile,
                // so anything the woken one asked would have been answered too; it still holds nothing
                awaitGrantSince(cluster, standby, wokeAt + LEASE);
                assertEquals(List.of(), cluster.grantsSince(holder, wokeAt), "round " + round + ": woken, deposed");

                holder.kill9(); // deposed for good: its host rejoins as a standby with a new process
                HostProcess restarted = cluster.startCandidate(holder.host(), holder.host().equals("a"),
                        standby.host());
                holder = standby;
                standby = restarted;
                token++;
            }
            cluster.assertNoOverlap();
            List<Long> sorted = takeovers.stream().sorted().toList();
            LOG.info("SIGSTOP takeovers (ms) {}: p50 {} ms, max {} ms", takeovers, sorted.get((sorted.size() - 1) / 2),
                    sorted.get(sorted.size() - 1));
        }
    }

    @Test
    void aHolderCutOffFromTheMajorityStopsHoldingWithinTheLeaseAndSaysWhy() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c")) {
            assumeTrue(hosts.isolated(), "no network namespaces on this machine: a link cannot be cut, so not tested");
            RunningCluster cluster = new RunningCluster(hosts, dir).startMembers();
            HostProcess a = cluster.startCandidate("a", true, "b");
            HostProcess b = cluster.startCandidate("b", false, "a");
            awaitHolding(cluster, a, b, 1);

            long cutAt = System.nanoTime();
            hosts.host("a").linkDown(); // a's candidate still reaches a's member, which has no majority
            long cutDone = System.nanoTime();
            LeaseRecord.Grant next = cluster.awaitHolder(a, cutAt, TAKEOVER_LIMIT);
            assertEquals(b.pid(), next.pid());
            cluster.awaitText(a, "no longer holds lease 'oms': the last renewal", TAKEOVER_LIMIT);
            assertTrue(cluster.lastUntil(a) < cutDone + LEASE, "a held " + (cluster.lastUntil(a) - cutDone) / 1_000_000
                    + " ms past the cut, more than a lease");
            report(hosts, cluster, "link down", a, next, cutAt);

            long upAt = System.nanoTime();
            hosts.host("a").linkUp();
            cluster.awaitStatus(a, "deposed=true", upAt, START_LIMIT);
            assertEquals(List.of(), cluster.grantsSince(a, cutDone + LEASE), "back, a holds nothing");
            cluster.assertNoOverlap();
        }
    }

    /**
     * Waits for {@code holder} to hold under {@code token} with {@code standby} confirmed eligible, and for the standby
     * to have heard so (it is connected and polling): a takeover measured from then is the lease's, not a start's.
     */
    private static void awaitHolding(RunningCluster cluster, HostProcess holder, HostProcess standby, long token)
            throws InterruptedException {
        cluster.awaitStatus(holder, "holds=true token=" + token, 0, START_LIMIT);
        cluster.awaitStatus(holder, "eligible(" + standby.host() + ")=true", 0, START_LIMIT);
        cluster.awaitStatus(standby, "holder=" + holder.host() + " holderToken=" + token, 0, START_LIMIT);
    }

    /** One line per takeover: from the fault (a stop lands when the kill command runs) and from the old grant's end. */
    private static void report(Hosts hosts, RunningCluster cluster, String fault, HostProcess old,
                               LeaseRecord.Grant next, long faultAt) {
        long oldUntil = cluster.lastUntil(old);
        LOG.info(String.format("%s of holder %s (%s): %s holds token %d %d ms after the fault, %d ms"
                        + " after the old holder's grant ended (%d ms after the fault); Raft term now %d", fault,
                old.host(), hosts.isolated() ? "network namespaces" : "loopback only, no namespaces", next.host(),
                next.token(), (next.from() - faultAt) / 1_000_000, (next.from() - oldUntil) / 1_000_000,
                (oldUntil - faultAt) / 1_000_000, cluster.lastTerm()));
    }

    /** Waits for {@code p} to print a grant at or after {@code sinceNanos}. */
    private static void awaitGrantSince(RunningCluster cluster, HostProcess p, long sinceNanos)
            throws InterruptedException {
        long deadline = System.nanoTime() + TAKEOVER_LIMIT.toNanos();
        while (cluster.grantsSince(p, sinceNanos).isEmpty()) {
            if (System.nanoTime() > deadline)
                throw new AssertionError(p + " printed no grant after " + sinceNanos + " within "
                        + TAKEOVER_LIMIT.toSeconds() + " s\n" + cluster.logs());
            Thread.sleep(20);
        }
    }
}