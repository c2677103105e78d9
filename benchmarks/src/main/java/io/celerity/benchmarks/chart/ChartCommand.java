package io.celerity.benchmarks.chart;

import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.ResultsDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Draws the end-to-end latency distributions of several benchmark results ({@code all-runs/end-to-end.hgrm} of
 * each result directory) as one SVG, labelled from their {@code results.json}.
 */
@Command(name = "chart", mixinStandardHelpOptions = true,
        description = "Draws benchmark results' end-to-end latency distributions as one SVG.")
public final class ChartCommand implements Callable<Integer> {
    static final String DISTRIBUTION = "all-runs/end-to-end.hgrm";
    private static final Pattern RATE = Pattern.compile("([\\d,]+) msg/s");
    private static final Pattern PAYLOAD = Pattern.compile("(\\d+)-byte payload");

    @Parameters(paramLabel = "BENCHMARK", description = "result directories, or their names under --results "
            + "(default: every hop-* there, in the order they ran)")
    List<String> benchmarks = new ArrayList<>();

    @Option(names = "--results", description = "where the benchmarks wrote their results (default: ${DEFAULT-VALUE})")
    Path results = Path.of("target", "benchmarks");

    @Option(names = "--out", description = "the SVG to write (default: ${DEFAULT-VALUE})")
    Path out = Path.of("target", "benchmarks", "hop.svg");

    @Option(names = "--title", description = "the chart's title (default: from the results: payload and rate)")
    String title;

    /** One benchmark's result directory: its name, distribution and how it ran. */
    record Result(String name, PercentileDistribution distribution, ResultsDocument document) {
        static Result read(Path dir) {
            Path hgrm = dir.resolve(DISTRIBUTION);
            Path json = dir.resolve("results.json");
            if (!Files.isRegularFile(hgrm) || !Files.isRegularFile(json))
                throw new IllegalArgumentException(dir + ": not a benchmark result directory (expected " + DISTRIBUTION
                        + " and results.json)");
            try {
                return new Result(dir.getFileName().toString(), PercentileDistribution.read(hgrm),
                        ResultsDocument.read(json));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        String rate() {
            return find(RATE, document.setup());
        }
    }

    @Override
    public Integer call() throws IOException {
        List<Result> inputs = (benchmarks.isEmpty() ? hopResults() : named()).stream().map(Result::read).toList();
        LatencyChart chart = chart(inputs, title);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, chart.svg());
        System.out.println("chart of " + inputs.size() + " results in " + out.toAbsolutePath());
        return 0;
    }

    /** The chart of {@code inputs}: labels without their common prefix, a rate beside any that ran at another. */
    static LatencyChart chart(List<Result> inputs, String title) {
        Result first = inputs.get(0);
        String prefix = commonPrefix(inputs.stream().map(Result::name).toList());
        List<LatencyChart.Series> series = new ArrayList<>();
        for (Result r : inputs) {
            String label = r.name().substring(prefix.length());
            if (!Objects.equals(r.rate(), first.rate()))
                label += " (" + r.rate() + " msg/s)";
            String figures = r.document().figures(Probes.END_TO_END, "all").summary();
            series.add(new LatencyChart.Series(label + ": " + figures, r.distribution()));
        }
        String setup = first.document().setup();
        List<String> notes = List.of(setup.substring(setup.lastIndexOf(';') + 1).strip(), first.document().machine());
        return new LatencyChart(title != null ? title : defaultTitle(first), notes, series);
    }

    private static String defaultTitle(Result first) {
        StringBuilder t = new StringBuilder("End-to-end latency, all runs");
        String payload = find(PAYLOAD, first.document().setup());
        if (payload != null)
            t.append(", ").append(payload).append("-byte payload");
        if (first.rate() != null)
            t.append(", ").append(first.rate()).append(" msg/s");
        return t.toString();
    }

    /** The prefix up to a dash that every name shares, e.g. "hop-"; empty for a single name. */
    static String commonPrefix(List<String> names) {
        if (names.size() < 2)
            return "";
        String prefix = names.get(0);
        for (String name : names)
            while (!name.startsWith(prefix))
                prefix = prefix.substring(0, prefix.length() - 1);
        int dash = prefix.lastIndexOf('-');
        return dash < 0 ? "" : prefix.substring(0, dash + 1);
    }

    private List<Path> named() {
        return benchmarks.stream().map(b -> Files.isDirectory(Path.of(b)) ? Path.of(b) : results.resolve(b)).toList();
    }

    private List<Path> hopResults() throws IOException {
        if (!Files.isDirectory(results))
            throw new IllegalArgumentException(results.toAbsolutePath() + ": no results yet; run a benchmark first");
        try (Stream<Path> dirs = Files.list(results)) {
            List<Path> found = dirs.filter(d -> d.getFileName().toString().startsWith("hop-"))
                    .filter(d -> Files.isRegularFile(d.resolve("results.json")))
                    .sorted(Comparator.comparing(ChartCommand::written)).toList();
            if (found.isEmpty())
                throw new IllegalArgumentException(results.toAbsolutePath() + ": no hop-* results to chart");
            return found;
        }
    }

    private static long written(Path dir) {
        try {
            return Files.getLastModifiedTime(dir.resolve("results.json")).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String find(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text == null ? "" : text);
        return m.find() ? m.group(1) : null;
    }
}
