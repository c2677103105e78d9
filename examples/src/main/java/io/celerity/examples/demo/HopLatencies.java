package io.celerity.examples.demo;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;

/** One histogram per named hop, printed as a table of percentiles in microseconds. */
public final class HopLatencies {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final String[] names;
    private final Histogram[] histograms;

    public HopLatencies(String... names) {
        this.names = names;
        this.histograms = new Histogram[names.length];
        for (int i = 0; i < names.length; i++)
            histograms[i] = new Histogram(3_600_000_000_000L, 3);
    }

    /** Records one latency of hop {@code hop}; negative values (clock steps) count as zero. */
    public void record(int hop, long nanos) {
        histograms[hop].recordValue(Math.max(0, nanos));
    }

    public long count(int hop) {
        return histograms[hop].getTotalCount();
    }

    public void print(PrintStream out) {
        out.printf("%-44s %9s %9s %9s %9s %9s%n", "latency in microseconds", "50%", "90%", "99%", "99.9%", "worst");
        for (int i = 0; i < names.length; i++) {
            Histogram h = histograms[i];
            out.printf("%-44s", names[i]);
            for (double p : PERCENTILES)
                out.printf(" %9.1f", h.getValueAtPercentile(p) / 1e3);
            out.printf(" %9.1f%n", h.getMaxValue() / 1e3);
        }
    }
}
