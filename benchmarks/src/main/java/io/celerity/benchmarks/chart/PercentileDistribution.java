package io.celerity.benchmarks.chart;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A latency distribution as HdrHistogram's {@code outputPercentileDistribution} writes it to a {@code .hgrm} file:
 * one point per line of value (microseconds here), percentile (0 to 1), count at or below, and 1/(1-percentile).
 *
 * @param source where it was read from, for messages
 * @param points in file order, percentiles rising to 1
 */
public record PercentileDistribution(String source, List<Point> points) {

    /**
     * One line of the distribution.
     *
     * @param value      latency at or below which {@code percentile} of the samples fall
     * @param percentile 0 to 1
     * @param totalCount samples at or below {@code value}
     */
    public record Point(double value, double percentile, long totalCount) {
        /** 1/(1-percentile): 10 at 90%, 1,000 at 99.9%; infinite at 100%. */
        public double oneIn() {
            return 1 / (1 - percentile);
        }
    }

    public PercentileDistribution {
        if (points.isEmpty())
            throw new IllegalArgumentException(source + ": no percentile lines");
        points = List.copyOf(points);
    }

    public static PercentileDistribution read(Path file) throws IOException {
        return parse(file.toString(), Files.readAllLines(file));
    }

    /** Reads the lines of a {@code .hgrm} file; skips the header, blank lines and the {@code #[...]} summary. */
    public static PercentileDistribution parse(String source, List<String> lines) {
        List<Point> points = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#") || line.startsWith("Value"))
                continue;
            points.add(point(source + " line " + (i + 1), line.split("\\s+")));
        }
        return new PercentileDistribution(source, points);
    }

    private static Point point(String where, String[] columns) {
        if (columns.length < 3 || columns.length > 4)
            throw new IllegalArgumentException(where + ": expected value, percentile, total count[, 1/(1-p)] but got "
                    + columns.length + " columns: " + String.join(" ", columns));
        try {
            double value = Double.parseDouble(columns[0]);
            double percentile = Double.parseDouble(columns[1]);
            long count = Long.parseLong(columns[2]);
            if (value < 0 || percentile < 0 || percentile > 1 || count < 0)
                throw new IllegalArgumentException(where + ": value and count must not be negative, percentile must "
                        + "be 0 to 1: " + String.join(" ", columns));
            return new Point(value, percentile, count);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(where + ": not a number: " + e.getMessage(), e);
        }
    }

    /** Samples in the distribution: the count of its last line. */
    public long totalCount() {
        return points.get(points.size() - 1).totalCount();
    }

    /** The largest value: the worst sample. */
    public double worst() {
        return points.get(points.size() - 1).value();
    }

    /**
     * Where the worst sample sits on a 1/(1-p) axis: the last line is 100% (infinitely far out), so it is drawn at
     * one in {@code totalCount}, or at the last finite point if that is further out.
     */
    public double worstOneIn() {
        double furthest = totalCount();
        for (Point p : points)
            if (p.percentile() < 1)
                furthest = Math.max(furthest, p.oneIn());
        return furthest;
    }
}
