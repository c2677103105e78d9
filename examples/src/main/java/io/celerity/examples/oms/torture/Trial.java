package io.celerity.examples.oms.torture;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/** One run of the three-process OMS over a fresh copy of the requests, with the given kills, compared at the end. */
final class Trial {

    private static final long DRAIN_TIMEOUT_MILLIS = 120_000;
    private static final long KILL_TIMEOUT_MILLIS = 60_000;

    private Trial() {
    }

    /**
     * @param dir       an empty directory of its own
     * @param reference the answers of an uninterrupted run, or null for that run itself
     */
    static Result run(Path dir, int requests, List<String> jvmOptions, List<Kill> kills, Reports reference)
            throws IOException, InterruptedException {
        long start = System.nanoTime();
        Path servicesYaml = TortureDeployment.create(dir, requests);
        List<String> problems = new ArrayList<>();
        try (Pipeline pipeline = new Pipeline(servicesYaml, jvmOptions)) {
            pipeline.startAll();
            long lastStart = System.nanoTime();
            for (Kill kill : kills) {
                long dueNanos = lastStart + kill.at() * 1_000_000;
                BooleanSupplier due = kill.byProgress() ? () -> pipeline.outputs(kill.service()) >= kill.at()
                        : () -> System.nanoTime() >= dueNanos;
                if (!await(due, pipeline, KILL_TIMEOUT_MILLIS) && pipeline.unexpectedExit() == null)
                    problems.add("kill of " + kill + " never became due; killed anyway");
                if (pipeline.unexpectedExit() != null)
                    break;
                ServiceProcess victim = pipeline.process(kill.service());
                victim.kill();
                victim.start();
                lastStart = System.nanoTime();
            }
            long drainStart = System.nanoTime();
            if (!await(pipeline::drained, pipeline, DRAIN_TIMEOUT_MILLIS))
                problems.add(pipeline.unexpectedExit() != null ? pipeline.unexpectedExit()
                        : "not drained after " + DRAIN_TIMEOUT_MILLIS / 1000 + " s");
            long drainMillis = (System.nanoTime() - drainStart) / 1_000_000;
            if (pipeline.unexpectedExit() == null)
                problems.addAll(pipeline.stopAll());
            Reports reports = Reports.read(dir.resolve("reports"));
            Reports.Difference difference = reference == null ? null : reference.compare(reports);
            return new Result(kills, reports, difference, problems, drainMillis,
                    (System.nanoTime() - start) / 1_000_000);
        }
    }

    /** Polls every millisecond; false on timeout, or at once when a process has stopped by itself. */
    private static boolean await(BooleanSupplier condition, Pipeline pipeline, long timeoutMillis)
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
     * @param drainMillis from the last restart until every service had answered its last input
     */
    record Result(List<Kill> kills, Reports reports, Reports.Difference difference, List<String> problems,
                  long drainMillis, long millis) {
        boolean clean() {
            return problems.isEmpty() && (difference == null || difference.clean());
        }
    }
}
