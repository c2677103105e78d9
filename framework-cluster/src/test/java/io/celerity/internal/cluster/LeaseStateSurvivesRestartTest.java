package io.celerity.internal.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusterCounters;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
import org.agrona.concurrent.status.CountersReader;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three members in this process (loopback, ports apart from one base port): a lease granted and an eligibility
 * declared survive stopping and restarting every member, rebuilt from the log alone or from a snapshot and the log
 * after it; a new client of the eligible host then takes the lease over under the next token, and every member
 * applies that takeover. Which way each restarted member recovers is Aeron's choice (its own snapshot and log, or a
 * catch-up from the leader), so the test checks each member's table, not its path; with a snapshot, at least the
 * new leader recovers from its own (every member recorded one, and a leader catches up from nobody). The clients
 * share one Aeron client, as a host's would.
 */
class LeaseStateSurvivesRestartTest {

    private static final List<String> NAMES = List.of("a", "b", "c");
    private static final List<String> LOOPBACK = List.of("127.0.0.1", "127.0.0.1", "127.0.0.1");
    /** Liveness, not speed: members electing on a loaded 2-core machine. */
    private static final Duration LIMIT = Duration.ofMinutes(2);

    @TempDir
    Path dir;

    @ParameterizedTest(name = "snapshot before the restart: {0}")
    @ValueSource(booleans = {false, true})
    void leasesAndEligibilitySurviveARestartOfEveryMember(boolean snapshot) throws Exception {
        ClusterMembers members = ClusterMembers.of(NAMES, LOOPBACK, snapshot ? 23400 : 23450);
        MediaDriver driver = MediaDriver.launchEmbedded(new MediaDriver.Context().threadingMode(ThreadingMode.SHARED)
                .termBufferSparseFile(true).dirDeleteOnStart(true).dirDeleteOnShutdown(true));
        Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        List<ClusterMember> running = new ArrayList<>(start(members));
        try {
            LeaseClient x = new LeaseClient(members, "x", "127.0.0.1", aeron, ClusterTimeouts.DEFAULT);
            LeaseClient y = new LeaseClient(members, "y", "127.0.0.1", aeron, ClusterTimeouts.DEFAULT);
            ServiceLease held = x.lease("oms", true);
            ServiceLease standby = y.lease("oms", false);
            held.askEligible("y");
            await("x holds the lease with y eligible", () -> {
                x.doWork();
                y.doWork();
                return held.holds(System.nanoTime()) && held.eligible("y") && "x".equals(standby.holder());
            });
            assertEquals(1, held.token());
            ClusterMember leader = running.stream()
                    .filter(m -> m.leadership().role() == Cluster.Role.LEADER).findFirst().orElseThrow();
            if (snapshot) {
                await("the leader accepts a snapshot request", leader::requestSnapshot);
                // the consensus module counts a snapshot once its recording log holds it: the service's own count
                // comes earlier, and a member closed in between restarts without that snapshot
                List<Aeron> readers = running.stream().map(m -> Aeron.connect(
                        new Aeron.Context().aeronDirectoryName(m.aeronDirectory()))).toList();
                try {
                    await("every member recorded a snapshot",
                            () -> readers.stream().allMatch(r -> recordedSnapshots(r.countersReader()) > 0));
                } finally {
                    CloseHelper.closeAll(readers);
                }
            }
            x.close();
            y.close();
            running.forEach(ClusterMember::close);
            String before = leader.service().table().toString(); // the one that answered: it applied everything
            assertTrue(before.contains("holder x token 1") && before.contains("eligible [y]"), before);

            running.clear();
            running.addAll(start(members));
            LeaseClient y2 = new LeaseClient(members, "y", "127.0.0.1", aeron, ClusterTimeouts.DEFAULT);
            ServiceLease next = y2.lease("oms", false);
            await("y takes the lease over: x declared it eligible before the restart", () -> {
                y2.doWork();
                return next.holds(System.nanoTime());
            });
            assertEquals(2, next.token(), "the next token after x's, which the restarted members remembered");
            // followers apply the takeover after the leader answered it
            await("every member applied y's takeover", () -> running.stream().allMatch(m -> holdsTakeover(m)));
            y2.close();
            running.forEach(ClusterMember::close);
            for (ClusterMember m : running) {
                String after = m.service().table().toString(); // stopped: read whole
                assertTrue(after.contains("holder y token 2"), "member " + m.leadership().memberId() + ": " + after);
            }
            long restored = running.stream().filter(m -> m.service().restoredFromSnapshot()).count();
            if (snapshot)
                assertTrue(restored > 0, "no member recovered from its snapshot");
            else
                assertEquals(0, restored, "members restored from a snapshot nobody took");
        } finally {
            running.forEach(ClusterMember::close);
            CloseHelper.closeAll(aeron, driver);
        }
    }

    private List<ClusterMember> start(ClusterMembers members) {
        List<ClusterMember> started = new ArrayList<>();
        for (String name : NAMES)
            started.add(ClusterMember.start(members, name, dir.resolve(name), ClusterTimeouts.DEFAULT));
        return started;
    }

    /** How many snapshots the member whose driver these counters are recorded (counted after its recording log). */
    private static long recordedSnapshots(CountersReader counters) {
        int id = ClusterCounters.find(counters, ConsensusModule.Configuration.SNAPSHOT_COUNTER_TYPE_ID, 0);
        return id == CountersReader.NULL_COUNTER_ID ? 0 : counters.getCounterValue(id);
    }

    /** Whether running member {@code m} applied y's takeover: a racy read, only to know when to stop the members. */
    private static boolean holdsTakeover(ClusterMember m) {
        try {
            LeaseTable table = m.service().table();
            return table != null && table.toString().contains("holder y token 2");
        } catch (RuntimeException racing) { // the service's thread changed the table meanwhile: look again
            return false;
        }
    }

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("not within " + LIMIT.toSeconds() + " s: " + what);
            Thread.sleep(1);
        }
    }
}
