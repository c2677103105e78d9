package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import org.HdrHistogram.Histogram;

import java.util.Locale;

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

    /** The percentiles and the worst in microseconds, labelled as the tables label them, for a legend. */
    public String summary() {
        return String.format(Locale.ROOT, "50%% %s, 99%% %s, 99.9%% %s, worst %s µs", micros(p50), micros(p99),
                micros(p99_9), micros(worst));
    }

    /** Three significant figures or whole microseconds; "-" where there were too few samples. */
    static String micros(double value) {
        if (Double.isNaN(value))
            return "-";
        if (value < 10)
            return String.format(Locale.ROOT, "%.2f", value);
        if (value < 100)
            return String.format(Locale.ROOT, "%.1f", value);
        return String.format(Locale.ROOT, "%,.0f", value);
    }

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
