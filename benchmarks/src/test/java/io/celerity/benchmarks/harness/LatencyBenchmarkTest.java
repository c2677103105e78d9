package io.celerity.benchmarks.harness;

import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.onoes.ExceptionHandler;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyBenchmarkTest {
    private static final long STALL_NANOS = 20_000_000;

    @TempDir
    Path out;

    /** Samples on the sending thread, and stalls once for 20 ms at the first message of each run. */
    static class StallingTask implements LatencyTask {
        private Probe endToEnd;
        private long sent;
        private final int runMessages;
        private final int warmUp;

        StallingTask(int warmUp, int runMessages) {
            this.warmUp = warmUp;
            this.runMessages = runMessages;
        }

        @Override
        public void start(Probes probes) {
            endToEnd = probes.endToEnd();
        }

        @Override
        public void send(long startNanos) {
            if (sent >= warmUp && (sent - warmUp) % runMessages == 0) {
                long until = System.nanoTime() + STALL_NANOS;
                while (System.nanoTime() < until)
                    Thread.onSpinWait();
            }
            sent++;
            endToEnd.sample(System.nanoTime() - startNanos);
        }

        @Override
        public List<Thread> handlerThreads() {
            return List.of(Thread.currentThread());
        }

        @Override
        public void close() {
        }
    }

    private BenchmarkOptions options(boolean coCorrected) {
        BenchmarkOptions o = BenchmarkOptions.defaults();
        o.rate = 10_000;
        o.warmUp = 1_000;
        o.runs = 2;
        o.runMessages = 2_000;
        o.pauseMillis = 0;
        o.coCorrected = coCorrected;
        o.jitter = false;
        o.out = out;
        return o;
    }

    private static BenchmarkResult run(BenchmarkOptions o) throws Exception {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        return LatencyBenchmark.run("stall", "test", new StallingTask(o.warmUp, o.runMessages), o,
                new PrintStream(text, true, StandardCharsets.UTF_8));
    }

    @Test
    void aStallIsChargedToEveryMessageQueuedBehindItWhenCorrected() throws Exception {
        BenchmarkResult result = run(options(true));
        Histogram run1 = result.runs().get(0).endToEnd();
        assertEquals(2_000, run1.getTotalCount());
        // 20 ms at 10,000/s is 200 messages due during the stall: all of them waited for it.
        assertTrue(run1.getCountBetweenValues(1_000_000, Probe.HIGHEST_NANOS) >= 150,
                () -> "messages delayed over 1 ms: " + run1.getCountBetweenValues(1_000_000, Probe.HIGHEST_NANOS));
        assertTrue(run1.getMaxValue() >= STALL_NANOS);
    }

    @Test
    void withoutCorrectionTheStallHidesBehindOneSample() throws Exception {
        BenchmarkResult result = run(options(false));
        Histogram run1 = result.runs().get(0).endToEnd();
        assertTrue(run1.getMaxValue() >= STALL_NANOS);
        assertTrue(run1.getCountBetweenValues(1_000_000, Probe.HIGHEST_NANOS) <= 5,
                () -> "messages delayed over 1 ms: " + run1.getCountBetweenValues(1_000_000, Probe.HIGHEST_NANOS));
    }

    @Test
    void writesHgrmAndJsonPerRunAndForAllRuns() throws Exception {
        run(options(true));
        Path dir = out.resolve("stall");
        for (String sub : List.of("run-1", "run-2", "all-runs")) {
            String hgrm = Files.readString(dir.resolve(sub).resolve("end-to-end.hgrm"));
            assertTrue(hgrm.contains("Value     Percentile TotalCount"), hgrm);
        }
        String json = Files.readString(dir.resolve("results.json"));
        assertTrue(json.contains("\"benchmark\":\"stall\""), json);
        assertTrue(json.contains("\"run\":\"all\""), json);
        assertTrue(Files.readString(dir.resolve("run-2/results.json")).contains("\"samples\":2000"));
    }

    @Test
    void refusesToReportAfterAProxyFallback() {
        // The warning is raised on purpose: kept out of the build log, where CI treats it as a real fallback.
        ExceptionHandler logging = Jvm.warn().defaultHandler();
        Jvm.setWarnExceptionHandler(ExceptionHandler.ignoresEverything());
        try {
            assertRefusesToReport();
        } finally {
            Jvm.setWarnExceptionHandler(logging);
        }
    }

    private void assertRefusesToReport() {
        BenchmarkOptions o = options(true);
        LatencyTask fallingBack = new StallingTask(o.warmUp, o.runMessages) {
            @Override
            public void start(Probes probes) {
                super.start(probes);
                Jvm.warn().on(LatencyBenchmarkTest.class, "Falling back to proxy method writer. (test)");
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> LatencyBenchmark.run("fallback",
                "test", fallingBack, o, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)));
        assertTrue(e.getMessage().contains("fell back"), e.getMessage());
        assertTrue(Files.notExists(out.resolve("fallback")), "no results written");
    }
}
