package io.celerity.torture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** One run of the three-process OMS over a fresh copy of the requests, with the given kills, compared at the end. */
final class Trial {

    // Liveness, not speed: these catch a stuck pipeline. With other builds beside it (load average 44 on the 2-core
    // machine) the reference run of 2,000 requests took 112 s to drain, against 2-5 s on a quiet machine.
    private static final long DRAIN_TIMEOUT_MILLIS = 600_000;
    private static final long KILL_TIMEOUT_MILLIS = 300_000;

    private Trial() {
    }

    /**
     * @param snapshotEvery the risk check and the order manager take a snapshot after this many inputs
     * @param reference     the answers of an uninterrupted run, or null for that run itself
     */
    static Result run(Path dir, int requests, long snapshotEvery, List<String> jvmOptions, List<Kill> kills,
                      OmsReports reference) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path servicesYaml = OmsDeployment.create(dir, requests, snapshotEvery);
        List<String> problems = new ArrayList<>();
        try (OmsPipeline pipeline = new OmsPipeline(servicesYaml, jvmOptions)) {
            pipeline.startAll();
            long lastStart = System.nanoTime();
            long snapshotsAtLastStart = 0;
            long[] lastCutShort = new long[OmsPipeline.SERVICES.size()];
            int cutShort = 0;
            for (Kill kill : kills) {
                if (!await(due(kill, pipeline, lastStart, snapshotsAtLastStart), pipeline, KILL_TIMEOUT_MILLIS)
                        && pipeline.unexpectedExit() == null)
                    problems.add("kill of " + kill + " never became due; killed anyway");
                if (pipeline.unexpectedExit() != null)
                    break;
                ServiceProcess victim = pipeline.process(kill.service());
                victim.kill();
                SnapshotProgress snapshots = pipeline.snapshots(kill.service());
                if (snapshots != null && snapshots.unfinished() > lastCutShort[kill.service()]) {
                    cutShort++; // the kill left a snapshot without its end: the restart must pass over it
                    lastCutShort[kill.service()] = snapshots.unfinished();
                }
                victim.start();
                lastStart = System.nanoTime();
                snapshotsAtLastStart = pipeline.snapshots(Kill.SNAPSHOT_VICTIM).started();
            }
            long drainStart = System.nanoTime();
            if (!await(pipeline::drained, pipeline, DRAIN_TIMEOUT_MILLIS))
                problems.add(pipeline.unexpectedExit() != null ? pipeline.unexpectedExit()
                        : "not drained after " + DRAIN_TIMEOUT_MILLIS / 1000 + " s");
            long drainMillis = (System.nanoTime() - drainStart) / 1_000_000;
            if (pipeline.unexpectedExit() == null)
                problems.addAll(pipeline.stopAll());
            OmsReports reports = OmsReports.read(dir.resolve("reports"));
            OmsReports.Difference difference = reference == null ? null : reference.compare(reports);
            return new Result(kills, reports, difference, problems, cutShort, pipeline.restoresFromSnapshots(),
                    drainMillis, (System.nanoTime() - start) / 1_000_000);
        }
    }

    /**
     * When a kill is due. One at an output count waits for the victim to come up first (the count may be reached by
     * an earlier start). One in the middle of a snapshot also becomes due once everything is answered: the order
     * manager takes no snapshot without new inputs.
     */
    private static BooleanSupplier due(Kill kill, OmsPipeline pipeline, long lastStart, long snapshotsAtLastStart) {
        return switch (kill.when()) {
            case OUTPUTS -> () -> pipeline.process(kill.service()).running()
                    && pipeline.outputs(kill.service()) >= kill.at();
            case MILLIS -> () -> System.nanoTime() >= lastStart + kill.at() * 1_000_000;
            case MID_SNAPSHOT -> () -> pipeline.snapshots(kill.service()).unfinished() >= snapshotsAtLastStart + kill.at()
                    || pipeline.drained();
        };
    }

    /** Polls every millisecond; false on timeout, or at once when a process has stopped by itself. */
    private static boolean await(BooleanSupplier condition, OmsPipeline pipeline, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline || pipeline.unexpectedExit() != null)
                return false;
            Thread.sleep(1);
        }
        return true;
    }

    /**
     * What one trial did and found.
     *
     * @param difference  its answers against the reference; null for the reference run itself
     * @param problems    anything else that went wrong: never drained, a process that did not stop cleanly
     * @param cutShort    kills that left a snapshot without its end (killed while writing it)
     * @param restores    (re)starts that loaded a snapshot, as the services logged them
     * @param drainMillis from the last restart until every service had answered its last input
     */
    record Result(List<Kill> kills, OmsReports reports, OmsReports.Difference difference, List<String> problems,
                  int cutShort, long restores, long drainMillis, long millis) {
        boolean clean() {
            return problems.isEmpty() && (difference == null || difference.clean());
        }
    }
}
