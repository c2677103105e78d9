package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.WireType;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Writes a benchmark's results under {@code <out>/<benchmark>/}: per run and for all runs together, a {@code .hgrm}
 * percentile distribution per probe (microseconds, plottable with HdrHistogram's plotter or {@code chart}) and a
 * {@code results.json}.
 */
public final class ResultFiles {
    private ResultFiles() {
    }

    public static Path write(BenchmarkResult result, Path out) throws IOException {
        Path dir = out.resolve(result.name());
        for (RunResult run : result.runs()) {
            Path runDir = dir.resolve("run-" + run.run());
            ResultsDocument doc = document(result);
            doc.allocatedBytesPerMessage = run.allocatedBytesPerMessage();
            doc.achievedRate = run.achievedRate();
            addConditions(doc, run);
            for (String probe : result.probeNames()) {
                Histogram h = run.histograms().get(probe);
                writeHgrm(runDir.resolve(fileName(probe)), h);
                doc.figures.add(ProbeFigures.of(probe, String.valueOf(run.run()), h));
            }
            writeJson(runDir.resolve("results.json"), doc);
        }
        Path allDir = dir.resolve("all-runs");
        ResultsDocument summary = document(result);
        summary.allocatedBytesPerMessage = result.allocatedBytesPerMessage();
        summary.achievedRate = result.runs().stream().mapToDouble(RunResult::achievedRate).average().orElse(0);
        for (String probe : result.probeNames()) {
            Histogram all = result.allRuns(probe);
            writeHgrm(allDir.resolve(fileName(probe)), all);
            for (RunResult run : result.runs())
                summary.figures.add(ProbeFigures.of(probe, String.valueOf(run.run()), run.histograms().get(probe)));
            summary.figures.add(ProbeFigures.of(probe, "all", all));
        }
        for (RunResult run : result.runs())
            addConditions(summary, run);
        if (result.jitter() != null)
            writeHgrm(allDir.resolve("os-jitter.hgrm"), result.jitter());
        writeJson(dir.resolve("results.json"), summary);
        return dir;
    }

    private static void addConditions(ResultsDocument doc, RunResult run) {
        if (run.conditions().measured())
            doc.conditions.add(ConditionsFigures.of(run));
    }

    /** A probe's file name: lower case, runs of anything but letters and digits become one dash. */
    static String fileName(String probe) {
        return probe.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "") + ".hgrm";
    }

    private static ResultsDocument document(BenchmarkResult result) {
        ResultsDocument doc = new ResultsDocument();
        doc.benchmark = result.name();
        doc.setup = result.setup();
        doc.machine = result.machine();
        return doc;
    }

    private static void writeHgrm(Path file, Histogram h) throws IOException {
        Files.createDirectories(file.getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "US-ASCII")) {
            h.outputPercentileDistribution(out, 5, 1000.0); // nanoseconds recorded, microseconds written
        }
    }

    private static void writeJson(Path file, ResultsDocument doc) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, WireType.JSON_ONLY.asString(doc));
    }
}
