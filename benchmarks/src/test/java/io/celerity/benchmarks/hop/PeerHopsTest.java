package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.BenchmarkOptions;
import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.LatencyBenchmark;
import io.celerity.benchmarks.harness.LatencyTask;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PeerHopsTest {
    private static final int MESSAGES = 2_000;

    @TempDir
    Path out;

    /** A tiny benchmark of the contender registered as {@code name}: 2,000 messages at 10,000 msg/s, one run. */
    static BenchmarkResult runTiny(String name, Path out) throws Exception {
        BenchmarkOptions o = BenchmarkOptions.defaults();
        o.rate = 10_000;
        o.warmUp = 0;
        o.runs = 1;
        o.runMessages = MESSAGES;
        o.pauseMillis = 0;
        o.jitter = false;
        o.out = out;
        LatencyTask task = HopBenchmark.CONTENDERS.get(name).apply(o);
        return LatencyBenchmark.run(name, "test", task, o,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    }

    /** Every message arrived once, timed from its own start: not zero (a clock mix-up), not absurdly late. */
    static void assertEveryMessageArrivedInSaneTime(BenchmarkResult result, long worstAllowedNanos) {
        Histogram e2e = result.runs().get(0).endToEnd();
        assertEquals(MESSAGES, e2e.getTotalCount(), "messages timed");
        assertTrue(e2e.getMinValue() > 0, () -> "fastest " + e2e.getMinValue() + " ns");
        assertTrue(e2e.getMaxValue() < worstAllowedNanos, () -> "slowest " + e2e.getMaxValue() + " ns");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"disruptor", "array-blocking-queue", "aeron-ipc"})
    void everyPingComesBackThroughTheHop(String name) throws Exception {
        BenchmarkResult result = runTiny(name, out);
        // generous for a shared 2-core machine; a wrong start time would read as zero or as about an hour
        assertEveryMessageArrivedInSaneTime(result, TimeUnit.SECONDS.toNanos(1));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chronicle-queue", "celerity"})
    void everyPingComesBackThroughAQueueHopWhoseWritersTouchAheadWhenIdle(String name) throws Exception {
        BenchmarkResult result = runTiny(name, out);
        assertEveryMessageArrivedInSaneTime(result, TimeUnit.SECONDS.toNanos(1));
    }
}
