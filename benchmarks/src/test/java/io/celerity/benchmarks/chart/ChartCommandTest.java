package io.celerity.benchmarks.chart;

import io.celerity.benchmarks.harness.BenchmarkResult;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.ResultFiles;
import io.celerity.benchmarks.harness.RunConditions;
import io.celerity.benchmarks.harness.RunResult;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ChartCommandTest {
    @TempDir
    Path results;

    private void writeResult(String name, int rate, long micros) throws Exception {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 2_000; i++)
            h.recordValue(micros * 1_000 + i);
        String setup = "hop through " + name + ": 48-byte payload; one spinning thread; " + String.format("%,d", rate)
                + " msg/s, warm-up 0, 1 runs x 2,000 messages";
        RunResult run = new RunResult(1, Map.of(Probes.END_TO_END, h), 2_000, 0.1, 0, RunConditions.UNMEASURED);
        ResultFiles.write(new BenchmarkResult(name, setup, "2 CPUs, OpenJDK 17", List.of(run), null), results);
    }

    private static void chart(String... args) {
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ChartCommand()).setErr(new PrintWriter(err)).execute(args);
        assertEquals(0, exit, err::toString);
    }

    @Test
    void chartsTheNamedResultsWithPayloadAndRateInTheTitle() throws Exception {
        writeResult("hop-chronicle-queue", 20_000, 2);
        writeResult("hop-disruptor", 20_000, 1);
        writeResult("hop-kafka", 2_000, 900);
        Path svg = results.resolve("peers.svg");
        chart("--results", results.toString(), "--out", svg.toString(), "hop-chronicle-queue", "hop-disruptor",
                "hop-kafka");
        String text = Files.readString(svg);
        assertEquals(3, text.split("<path ", -1).length - 1, "one path per result");
        assertTrue(text.contains(">End-to-end latency, all runs, 48-byte payload, 20,000 msg/s</text>"), text);
        assertTrue(text.contains(">chronicle-queue: 50% 3.00, 99% 3.98, 99.9% 4.00, worst 4.00 µs</text>"),
                "common prefix dropped, the figures of results.json");
        assertTrue(text.contains(">kafka (2,000 msg/s): 50% "), "a different rate is named");
        assertTrue(text.contains(">2 CPUs, OpenJDK 17</text>"), "the machine is noted");
    }

    @Test
    void saysWhichDirectoryIsNotAResult() throws Exception {
        Files.createDirectories(results.resolve("hop-empty"));
        StringWriter err = new StringWriter();
        int exit = new CommandLine(new ChartCommand()).setErr(new PrintWriter(err))
                .execute("--results", results.toString(), "hop-empty");
        assertEquals(1, exit);
        assertTrue(err.toString().contains("hop-empty: not a benchmark result directory"), err.toString());
    }
}
