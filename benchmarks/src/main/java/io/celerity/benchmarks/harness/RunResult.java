package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;

import java.util.Map;

/**
 * One measured run.
 *
 * @param run            1-based run number
 * @param histograms     latency in nanoseconds by probe name, end to end first
 * @param messages       messages sent in the run
 * @param seconds        how long sending took
 * @param allocatedBytes bytes allocated by the task's handler threads during the run
 * @param conditions     what the OS and the JIT did meanwhile
 */
public record RunResult(int run, Map<String, Histogram> histograms, long messages, double seconds,
                        long allocatedBytes, RunConditions conditions) {

    public Histogram endToEnd() {
        return histograms.get(Probes.END_TO_END);
    }

    public double achievedRate() {
        return messages / seconds;
    }

    public double allocatedBytesPerMessage() {
        return (double) allocatedBytes / messages;
    }
}
