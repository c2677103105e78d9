package io.celerity.benchmarks.harness;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** How a latency benchmark is run; a picocli mixin so every benchmark command takes the same options. */
public final class BenchmarkOptions {

    @Option(names = "--rate", description = "target messages per second (default: ${DEFAULT-VALUE})")
    public int rate = 20_000;

    @Option(names = "--warm-up", description = "messages sent before the measured runs (default: ${DEFAULT-VALUE})")
    public int warmUp = 100_000;

    @Option(names = "--runs", description = "measured runs (default: ${DEFAULT-VALUE})")
    public int runs = 5;

    @Option(names = "--run-messages", description = "messages per measured run (default: ${DEFAULT-VALUE})")
    public int runMessages = 100_000;

    @Option(names = "--pause-ms", description = "quiet time between runs (default: ${DEFAULT-VALUE})")
    public int pauseMillis = 500;

    @Option(names = "--co-correction", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "time each message from when it was due rather than when it was sent (default: on)")
    public boolean coCorrected = true;

    @Option(names = "--jitter", negatable = true,
            description = "run the OS jitter probe on a thread of its own (default: on with 4 or more CPUs)")
    public Boolean jitter;

    @Option(names = "--sender-cpu", description = "CPU to pin the sending thread to, -1 for none (default: ${DEFAULT-VALUE})")
    public int senderCpu = -1;

    @Option(names = "--handler-cpu", description = "CPU to pin the handling thread to, -1 for none (default: ${DEFAULT-VALUE})")
    public int handlerCpu = -1;

    @Option(names = "--out", description = "where .hgrm and JSON results go (default: ${DEFAULT-VALUE})")
    public Path out = Path.of("target", "benchmarks");

    /** Options with the defaults, for programmatic use. */
    public static BenchmarkOptions defaults() {
        return new BenchmarkOptions();
    }

    /** A copy at another rate, for a contender that cannot keep this one. */
    public BenchmarkOptions withRate(int otherRate) {
        BenchmarkOptions copy = new BenchmarkOptions();
        copy.rate = otherRate;
        copy.warmUp = warmUp;
        copy.runs = runs;
        copy.runMessages = runMessages;
        copy.pauseMillis = pauseMillis;
        copy.coCorrected = coCorrected;
        copy.jitter = jitter;
        copy.senderCpu = senderCpu;
        copy.handlerCpu = handlerCpu;
        copy.out = out;
        return copy;
    }

    public boolean jitterProbe() {
        return jitter != null ? jitter : Runtime.getRuntime().availableProcessors() >= 4;
    }

    /** One line saying how the benchmark ran, for reports. */
    public String describe() {
        return String.format("%,d msg/s, warm-up %,d, %d runs x %,d messages, coordinated omission %s, sender cpu %s, "
                        + "handler cpu %s", rate, warmUp, runs, runMessages, coCorrected ? "corrected" : "NOT corrected",
                cpu(senderCpu), cpu(handlerCpu));
    }

    private static String cpu(int cpu) {
        return cpu < 0 ? "not pinned" : String.valueOf(cpu);
    }

    void validate() {
        if (rate <= 0 || warmUp < 0 || runs <= 0 || runMessages <= 0 || pauseMillis < 0)
            throw new IllegalArgumentException("--rate, --runs and --run-messages must be positive, --warm-up and "
                    + "--pause-ms not negative");
    }
}
