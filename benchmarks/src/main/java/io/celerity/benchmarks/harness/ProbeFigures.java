package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import org.HdrHistogram.Histogram;

/** One probe's figures for one run (or all runs), in microseconds, as written to the JSON results. */
public final class ProbeFigures extends SelfDescribingMarshallable {
    String probe;
    String run;
    long samples;
    double p50;
    double p90;
    double p99;
    double p99_9;
    double p99_99;
    double worst;

    static ProbeFigures of(String probe, String run, Histogram h) {
        ProbeFigures f = new ProbeFigures();
        f.probe = probe;
        f.run = run;
        f.samples = h.getTotalCount();
        f.p50 = PercentileTable.micros(h, 0);
        f.p90 = PercentileTable.micros(h, 1);
        f.p99 = PercentileTable.micros(h, 2);
        f.p99_9 = PercentileTable.micros(h, 3);
        f.p99_99 = PercentileTable.micros(h, 4);
        f.worst = PercentileTable.micros(h, 5);
        return f;
    }
}
