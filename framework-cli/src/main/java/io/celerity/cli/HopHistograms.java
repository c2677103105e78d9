package io.celerity.cli;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** Latency histograms by hop name, in the order hops were first seen, printed in microseconds. */
final class HopHistograms {
    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99};

    private final Map<String, Histogram> byHop = new LinkedHashMap<>();

    void record(String hop, long nanos) {
        byHop.computeIfAbsent(hop, h -> new Histogram(3)).recordValue(Math.max(0, nanos));
    }

    boolean isEmpty() {
        return byHop.isEmpty();
    }

    void print(PrintStream out) {
        int width = Math.max(24, byHop.keySet().stream().mapToInt(String::length).max().orElse(0));
        out.printf("%-" + width + "s %10s %9s %9s %9s %9s %9s %9s%n", "hop (microseconds)", "count", "50%", "90%",
                "99%", "99.9%", "99.99%", "worst");
        byHop.forEach((hop, h) -> {
            out.printf("%-" + width + "s %,10d", hop, h.getTotalCount());
            for (double p : PERCENTILES)
                out.printf(" %9.2f", h.getValueAtPercentile(p) / 1e3);
            out.printf(" %9.2f%n", h.getMaxValue() / 1e3);
        });
    }
}
