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
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

public class PeerHopsTest {
    private static final int MESSAGES = 2_000;

    @TempDir
    Path out;

    /** A tiny benchmark of the contender registered as {@code name}: 2,000 messages at 10,000 msg/s, one run. */
    static TinyRun runTiny(String name, Path out) throws Exception {
        return runTiny(name, o -> HopBenchmark.CONTENDERS.get(name).apply(o), out);
    }

    /** A tiny benchmark of {@code task}, made from the tiny run's options: 2,000 messages at 10,000 msg/s, one run. */
    public static TinyRun runTiny(String name, Function<BenchmarkOptions, LatencyTask> task, Path out)
            throws Exception {
        long start = System.nanoTime();
        BenchmarkOptions o = BenchmarkOptions.defaults();
        o.rate = 10_000;
        o.warmUp = 0;
        o.runs = 1;
        o.runMessages = MESSAGES;
        o.pauseMillis = 0;
        o.jitter = false;
        o.out = out;
        BenchmarkResult result = LatencyBenchmark.run(name, "test", task.apply(o), o,
                new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        return new TinyRun(result, System.nanoTime() - start);
    }

    /** What a tiny run measured, and how long it took on this thread's clock, from set-up to the last arrival. */
    public record TinyRun(BenchmarkResult result, long wallNanos) {
    }

    /**
     * Every message arrived once, timed from its own start: not zero, and not longer than the whole run took (a clock
     * mix-up reads as zero or as an hour, the probe's ceiling). How fast is the benchmarks' question, not this test's:
     * on a loaded machine a message may wait a second or more for a core.
     */
    public static void assertEveryMessageArrivedTimedWithinTheRun(TinyRun run) {
        Histogram e2e = run.result().runs().get(0).endToEnd();
        assertEquals(MESSAGES, e2e.getTotalCount(), "messages timed");
        assertTrue(e2e.getMinValue() > 0, () -> "fastest " + e2e.getMinValue() + " ns");
        long slowest = e2e.lowestEquivalentValue(e2e.getMaxValue()); // the histogram rounds up; this is at most the truth
        assertTrue(slowest <= run.wallNanos(), () -> "slowest " + slowest + " ns, in a run of " + run.wallNanos() + " ns");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"disruptor", "array-blocking-queue", "aeron-ipc"})
    void everyPingComesBackThroughTheHop(String name) throws Exception {
        assertEveryMessageArrivedTimedWithinTheRun(runTiny(name, out));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"chronicle-queue", "celerity"})
    void everyPingComesBackThroughAQueueHopWhoseWritersTouchAheadWhenIdle(String name) throws Exception {
        assertEveryMessageArrivedTimedWithinTheRun(runTiny(name, out));
    }
}
