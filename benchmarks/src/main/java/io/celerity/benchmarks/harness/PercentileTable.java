package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.List;

/**
 * The summary of a benchmark: per probe, each percentile of every run, of all runs together, and the run-to-run
 * variation, i.e. the spread between the best and the worst run as a percentage of their mean.
 */
public final class PercentileTable {
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};
    static final String[] LABELS = {"50%", "90%", "99%", "99.9%", "99.99%", "worst"};

    private PercentileTable() {
    }

    /**
     * The value in microseconds at a percentile, or NaN when the histogram has too few samples for it to mean more
     * than "the worst" (99.99% needs 10,000).
     */
    static double micros(Histogram h, int row) {
        if (row == PERCENTILES.length)
            return h.getMaxValue() / 1e3;
        double percentile = PERCENTILES[row];
        if (h.getTotalCount() < Math.round(100 / (100 - percentile)))
            return Double.NaN;
        return h.getValueAtPercentile(percentile) / 1e3;
    }

    /** (worst - best) / mean of the two, in percent; NaN if any run lacks the value. */
    static double variation(double[] values) {
        double min = Double.MAX_VALUE;
        double max = 0;
        for (double v : values) {
            if (Double.isNaN(v))
                return Double.NaN;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        return max + min == 0 ? 0 : 100 * (max - min) / ((max + min) / 2);
    }

    public static void print(BenchmarkResult result, PrintStream out) {
        List<RunResult> runs = result.runs();
        for (String probe : result.probeNames()) {
            out.printf("%n%-28s", probe + " (us)");
            for (RunResult run : runs)
                out.printf(" %9s", "run " + run.run());
            out.printf(" %9s %7s%n", "all runs", "var %");
            Histogram all = result.allRuns(probe);
            for (int row = 0; row < LABELS.length; row++) {
                double[] values = new double[runs.size()];
                out.printf("%-28s", LABELS[row]);
                for (int i = 0; i < values.length; i++) {
                    values[i] = micros(runs.get(i).histograms().get(probe), row);
                    out.print(cell(values[i]));
                }
                out.print(cell(micros(all, row)));
                double variation = variation(values);
                out.println(Double.isNaN(variation) ? String.format(" %7s", "-") : String.format(" %7.1f", variation));
            }
        }
        ConditionsTable.print(runs, out);
        out.printf("%nallocated by the handler threads: %.3f bytes/message%n", result.allocatedBytesPerMessage());
        if (result.jitter() != null)
            out.printf("os jitter: %,d gaps over 1 us, 99%% %.1f us, worst %.1f us%n", result.jitter().getTotalCount(),
                    result.jitter().getValueAtPercentile(99) / 1e3, result.jitter().getMaxValue() / 1e3);
    }

    private static String cell(double micros) {
        return Double.isNaN(micros) ? String.format(" %9s", "-") : String.format(" %9.2f", micros);
    }
}
