package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.List;

/** Several benchmarks of the same work side by side: end-to-end percentiles of all runs, and ratios to a baseline. */
public final class Comparison {
    private Comparison() {
    }

    public static void print(String title, List<BenchmarkResult> results, BenchmarkResult baseline, PrintStream out) {
        out.printf("%n%s: end to end, all runs together (us)%n%-32s", title, "");
        for (String label : PercentileTable.LABELS)
            out.printf(" %9s", label);
        out.printf(" %9s%n", "B/msg");
        for (BenchmarkResult result : results) {
            out.printf("%-32s", result.name());
            Histogram all = result.allRuns(Probes.END_TO_END);
            for (int row = 0; row < PercentileTable.LABELS.length; row++)
                out.printf(" %9.2f", PercentileTable.micros(all, row));
            out.printf(" %9.2f%n", result.allocatedBytesPerMessage());
        }
        if (baseline == null)
            return;
        Histogram base = baseline.allRuns(Probes.END_TO_END);
        for (BenchmarkResult result : results) {
            if (result == baseline)
                continue;
            out.printf("%-32s", result.name() + " / " + baseline.name());
            Histogram all = result.allRuns(Probes.END_TO_END);
            for (int row = 0; row < PercentileTable.LABELS.length; row++)
                out.printf(" %8.2fx", PercentileTable.micros(all, row) / PercentileTable.micros(base, row));
            out.println();
        }
    }
}
