package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.WireType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The JSON form of a benchmark's results (or of one run): setup, machine, allocation, and figures per probe. */
public final class ResultsDocument extends SelfDescribingMarshallable {
    String benchmark;
    String setup;
    String machine;
    double allocatedBytesPerMessage;
    double achievedRate;
    List<ProbeFigures> figures = new ArrayList<>();
    /** Per run, what the OS and the JIT did meanwhile (empty where not measured). */
    List<ConditionsFigures> conditions = new ArrayList<>();

    /** Reads a {@code results.json} that {@link ResultFiles} wrote, e.g. to label a chart. */
    public static ResultsDocument read(Path file) throws IOException {
        ResultsDocument doc = WireType.JSON_ONLY.fromString(ResultsDocument.class, Files.readString(file));
        if (doc == null || doc.setup == null)
            throw new IOException(file + ": not a benchmark's results (no setup)");
        return doc;
    }

    /** How it ran: rate, runs, pinning, what shared a core. */
    public String setup() {
        return setup;
    }

    /** What it ran on: CPU, cores, JDK, OS. */
    public String machine() {
        return machine;
    }

    /** One probe's figures for run {@code run} ("1", "2" ... or "all"), exactly as the tables print them. */
    public ProbeFigures figures(String probe, String run) {
        return figures.stream().filter(f -> f.probe.equals(probe) && f.run.equals(run)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(benchmark + ": no figures for probe '" + probe
                        + "', run " + run));
    }
}
