package io.celerity.internal.cluster;

import io.aeron.Aeron;
import io.aeron.cluster.service.Cluster;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.CloseHelper;
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
 * after it; a new client of the eligible host then takes the lease over under the next token. The clients share one
 * Aeron client, as a host's would.
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
                await("every member wrote a snapshot",
                        () -> running.stream().allMatch(m -> m.service().snapshotsTaken() > 0));
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
            y2.close();
            for (ClusterMember m : running)
                assertEquals(snapshot, m.service().restoredFromSnapshot(), "member " + m.leadership().memberId());
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

    private static void await(String what, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("not within " + LIMIT.toSeconds() + " s: " + what);
            Thread.sleep(1);
        }
    }
}
