package io.celerity.benchmarks.harness;

import net.openhft.affinity.AffinityLock;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link LatencyTask} JLBH-style: messages sent at a fixed rate from this thread, each timed from when it was
 * due (so a stall delays, and is charged to, every message behind it), a warm-up, then several measured runs with a
 * histogram per probe, allocation per message and, optionally, an OS jitter probe.
 */
public final class LatencyBenchmark {
    /** How long the last messages of a run may take to arrive before the run is declared broken. */
    private static final long ARRIVAL_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);

    private final String name;
    private final String setup;
    private final BenchmarkOptions options;
    private final PrintStream out;
    private long sent;

    private LatencyBenchmark(String name, String setup, BenchmarkOptions options, PrintStream out) {
        this.name = name;
        this.setup = setup;
        this.options = options;
        this.out = out;
    }

    /**
     * Runs {@code task}, prints progress and the summary table to {@code out}, writes the result files and closes the
     * task. {@code setup} says what ran where (e.g. what shared a core); it is printed and recorded with the results.
     */
    public static BenchmarkResult run(String name, String setup, LatencyTask task, BenchmarkOptions options,
                                      PrintStream out) throws Exception {
        options.validate();
        BenchmarkResult result = new LatencyBenchmark(name, setup, options, out).measure(task);
        PercentileTable.print(result, out);
        out.println("results in " + ResultFiles.write(result, options.out).toAbsolutePath());
        return result;
    }

    private BenchmarkResult measure(LatencyTask task) throws Exception {
        FallbackGuard guard = FallbackGuard.install();
        AffinityLock senderCpu = options.senderCpu >= 0 ? AffinityLock.acquireLock(options.senderCpu) : null;
        JitterProbe jitter = null;
        try (task) {
            Probes probes = new Probes();
            task.start(probes);
            AllocationMeter allocation = new AllocationMeter(task.handlerThreads());
            ConditionsMeter conditions = ConditionsMeter.of(Thread.currentThread(), task.handlerThreads());
            out.printf("%s: %s%n  %s%n  %s%n", name, options.describe(), setup, Machine.describe());

            sendAndAwait(task, probes, options.warmUp);
            takeIntervals(probes); // the warm-up is not part of any run
            out.printf("  warm-up: %,d messages%n", options.warmUp);

            jitter = options.jitterProbe() ? new JitterProbe().start() : null;
            List<RunResult> runs = new ArrayList<>();
            for (int run = 1; run <= options.runs; run++) {
                Thread.sleep(options.pauseMillis);
                long bytesBefore = allocation.allocatedBytes();
                if (conditions != null)
                    conditions.start();
                double seconds = sendAndAwait(task, probes, options.runMessages);
                RunConditions measured = conditions == null ? RunConditions.UNMEASURED : conditions.finish();
                long allocated = allocation.allocatedBytes() - bytesBefore;
                RunResult result = new RunResult(run, takeIntervals(probes), options.runMessages, seconds, allocated,
                        measured);
                runs.add(result);
                progress(result);
            }
            Histogram jitterGaps = jitter == null ? null : jitter.takeInterval();
            guard.check(name);
            return new BenchmarkResult(name, setup + "; " + options.describe(), Machine.describe(), runs, jitterGaps);
        } finally {
            if (jitter != null)
                jitter.stop();
            if (senderCpu != null)
                senderCpu.release();
            guard.uninstall();
        }
    }

    /** Sends {@code count} messages at the target rate, waits for all to arrive; returns the seconds sending took. */
    private double sendAndAwait(LatencyTask task, Probes probes, int count) {
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            long due = start + i * 1_000_000_000L / options.rate;
            while (System.nanoTime() < due) {
                task.idle();
                Thread.onSpinWait();
            }
            task.send(options.coCorrected ? due : System.nanoTime());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        sent += count;
        awaitArrival(probes.endToEnd(), task);
        return seconds;
    }

    /** Spins until every message arrived, idling the task: a client that reads its answers on this thread reads on. */
    private void awaitArrival(Probe endToEnd, LatencyTask task) {
        long deadline = System.nanoTime() + ARRIVAL_TIMEOUT_NANOS;
        while (endToEnd.samples() < sent) {
            if (System.nanoTime() > deadline)
                throw new IllegalStateException(name + ": only " + endToEnd.samples() + " of " + sent
                        + " messages arrived within 60 s");
            task.idle();
            Thread.onSpinWait();
        }
    }

    private static Map<String, Histogram> takeIntervals(Probes probes) {
        Map<String, Histogram> histograms = new LinkedHashMap<>();
        for (Probe probe : probes.all())
            histograms.put(probe.name(), probe.takeInterval());
        return histograms;
    }

    private void progress(RunResult run) {
        Histogram e2e = run.endToEnd();
        out.printf("  run %d: %,.0f msg/s, end to end 50%% %.2f / 99%% %.2f / 99.9%% %.2f / worst %.1f us, "
                        + "%.2f B/msg allocated%n", run.run(), run.achievedRate(), e2e.getValueAtPercentile(50) / 1e3,
                e2e.getValueAtPercentile(99) / 1e3, e2e.getValueAtPercentile(99.9) / 1e3, e2e.getMaxValue() / 1e3,
                run.allocatedBytesPerMessage());
        out.printf("    %s%n", run.conditions().describe(run.messages()));
    }
}
