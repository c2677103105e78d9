package io.celerity.torture;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The OMS of oms/services.yaml, crashed after 2,300 requests and restarted from its snapshots (taken every 500
 * inputs here), answers the 3,000 requests exactly as a run that was never interrupted. Account HEDGE1 runs out of
 * gross notional after the restart (see {@link OmsDeployment}), so the risk check's rebuilt state shows too.
 * (That each restart loads a snapshot, {@link CrashTortureTest} reads in the services' logs.)
 */
class SnapshotRestartTest {

    private static final int BEFORE_CRASH = 2_300;
    private static final int REQUESTS = 3_000;
    private static final long SNAPSHOT_EVERY = 500;
    private static final long WAIT_NANOS = 60_000_000_000L;

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"REPLAY_OUTPUTS", "REPLAY_INPUTS"}) // the order manager's: as deployed, and the other
    void aRestartFromSnapshotsAnswersAsAnUninterruptedRun(String orderManagerRebuild) throws Exception {
        Path reference = dir.resolve("reference");
        try (ServiceHost host = ServiceHost.start(deploy(reference, REQUESTS, orderManagerRebuild))) {
            awaitAnswers(host, REQUESTS);
        }

        Path restarted = dir.resolve("restarted");
        CelerityConfig config = deploy(restarted, BEFORE_CRASH, orderManagerRebuild);
        ServiceHost crashed = ServiceHost.start(config);
        try {
            awaitAnswers(crashed, BEFORE_CRASH);
            crashed.crash();
            for (String queue : new String[]{"risk-snapshots", "order-snapshots"})
                try (SnapshotProgress snapshots = new SnapshotProgress(restarted.resolve(queue))) {
                    assertEquals(4, snapshots.update().started(), queue + ": after 500, 1,000, 1,500, 2,000 inputs");
                    assertEquals(0, snapshots.unfinished(), queue + ": every one complete, to be loaded");
                }
            OmsDeployment.appendRequests(restarted, BEFORE_CRASH, REQUESTS);
            try (ServiceHost host = ServiceHost.start(config)) { // loads them, replays the 300 answered since
                awaitAnswers(host, REQUESTS - BEFORE_CRASH);
            }
        } finally {
            crashed.close();
        }

        OmsReports expected = OmsReports.read(reference.resolve("reports"));
        OmsReports.Difference difference = expected.compare(OmsReports.read(restarted.resolve("reports")));
        assertEquals(new OmsReports.Difference(REQUESTS, 0, 0, 0), difference,
                "same answers, order ids included, none lost or repeated");
    }

    /** The OMS's services.yaml in {@code into}, with the first {@code written} requests waiting. */
    private static CelerityConfig deploy(Path into, int written, String orderManagerRebuild) throws IOException {
        Path servicesYaml = OmsDeployment.create(into, REQUESTS, SNAPSHOT_EVERY, written);
        String yaml = Files.readString(servicesYaml);
        String deployed = "rebuildState: REPLAY_OUTPUTS";
        assertTrue(yaml.contains(deployed), yaml);
        Files.writeString(servicesYaml, yaml.replace(deployed, "rebuildState: " + orderManagerRebuild));
        return CelerityConfig.load(servicesYaml);
    }

    private static void awaitAnswers(ServiceHost host, long answers) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (host.stats("order-manager").outputs() < answers) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("the order manager answered " + host.stats("order-manager").outputs()
                        + " of " + answers + " requests in 60 s");
            Thread.sleep(5);
        }
    }
}
