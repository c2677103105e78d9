package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one benchmark measured.
 *
 * @param name    the benchmark, also its directory name under the output directory
 * @param setup   how it ran: rate, runs, pinning, what shared a core
 * @param machine cores, CPU and JDK
 * @param runs    the measured runs, in order
 * @param jitter  the OS jitter probe's gaps over all runs, or {@code null} if it did not run
 */
public record BenchmarkResult(String name, String setup, String machine, List<RunResult> runs, Histogram jitter) {

    public List<String> probeNames() {
        return new ArrayList<>(runs.get(0).histograms().keySet());
    }

    /** One probe's samples of every run together: percentiles of the whole, not averages of percentiles. */
    public Histogram allRuns(String probe) {
        Histogram all = new Histogram(Probe.HIGHEST_NANOS, 3);
        for (RunResult run : runs)
            all.add(run.histograms().get(probe));
        return all;
    }

    public double allocatedBytesPerMessage() {
        long bytes = 0;
        long messages = 0;
        for (RunResult run : runs) {
            bytes += run.allocatedBytes();
            messages += run.messages();
        }
        return (double) bytes / messages;
    }
}
