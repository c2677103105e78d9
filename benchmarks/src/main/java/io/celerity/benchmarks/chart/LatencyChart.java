package io.celerity.benchmarks.chart;

import java.util.List;
import java.util.Locale;

/**
 * Percentile distribution curves as one self-contained SVG: x is the percentile on the usual log scale of
 * 1/(1-p) (0%, 90%, 99%, 99.9% ...), y the latency in microseconds on a log scale, one coloured path per series.
 */
public final class LatencyChart {
    /** A curve and its legend entry. */
    public record Series(String legend, PercentileDistribution distribution) {
    }

    private static final String[] COLOURS = {"#4e79a7", "#e15759", "#59a14f", "#f28e2b", "#b07aa1", "#76b7b2",
            "#9c755f", "#ff9da7", "#edc948", "#bab0ac"};
    private static final int WIDTH = 960;
    private static final int PLOT_HEIGHT = 440;
    private static final int LEFT = 80;
    private static final int RIGHT = 30;
    private static final int TITLE_HEIGHT = 50;
    private static final int NOTE_HEIGHT = 18;
    private static final int AXIS_TITLE_GAP = 44;
    private static final int LEGEND_ROW = 20;
    private static final int MIN_DECADES_X = 5; // to 99.999% even with few samples, so charts line up

    private final String title;
    private final List<String> notes;
    private final int top;
    private final int plotBottom;
    private final int height;
    private final List<Series> series;
    private final int decadesX;
    private final int lowestDecadeY;
    private final int highestDecadeY;

    /** {@code notes}: lines under the title saying how and where it was measured. */
    public LatencyChart(String title, List<String> notes, List<Series> series) {
        if (series.isEmpty())
            throw new IllegalArgumentException("nothing to chart: no series");
        this.title = title;
        this.notes = List.copyOf(notes);
        this.top = TITLE_HEIGHT + NOTE_HEIGHT * notes.size();
        this.plotBottom = top + PLOT_HEIGHT;
        this.height = plotBottom + AXIS_TITLE_GAP + LEGEND_ROW * (series.size() + 1); // the legend under the plot
        this.series = List.copyOf(series);
        double furthest = series.stream().mapToDouble(s -> s.distribution().worstOneIn()).max().orElse(1);
        this.decadesX = Math.max(MIN_DECADES_X, (int) Math.ceil(Math.log10(furthest) - 1e-9));
        double lowest = series.stream().flatMap(s -> s.distribution().points().stream())
                .mapToDouble(PercentileDistribution.Point::value).filter(v -> v > 0).min().orElse(1);
        double highest = series.stream().mapToDouble(s -> s.distribution().worst()).max().orElse(1);
        this.lowestDecadeY = (int) Math.floor(Math.log10(lowest));
        this.highestDecadeY = Math.max(lowestDecadeY + 1, (int) Math.ceil(Math.log10(Math.max(highest, lowest))));
    }

    /** The chart as an SVG document. */
    public String svg() {
        StringBuilder svg = new StringBuilder(64 * 1024);
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">%n", WIDTH, height, WIDTH, height));
        svg.append(String.format("<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", WIDTH, height));
        text(svg, WIDTH / 2.0, 28, "middle", "font-size=\"17\" font-weight=\"bold\"", title);
        for (int i = 0; i < notes.size(); i++)
            text(svg, WIDTH / 2.0, TITLE_HEIGHT + NOTE_HEIGHT * i, "middle", "fill=\"#555\"", notes.get(i));
        axes(svg);
        for (int i = 0; i < series.size(); i++)
            curve(svg, series.get(i).distribution(), colour(i));
        legend(svg);
        svg.append("</svg>\n");
        return svg.toString();
    }

    private void axes(StringBuilder svg) {
        for (int d = 0; d <= decadesX; d++) {
            double x = x(d);
            line(svg, x, top, x, plotBottom, "#ddd");
            text(svg, x, plotBottom + 18, "middle", "", percentileLabel(d));
        }
        for (int d = lowestDecadeY; d <= highestDecadeY; d++) {
            for (int step : new int[]{1, 2, 5}) {
                double value = step * Math.pow(10, d);
                if (d == highestDecadeY && step > 1)
                    break;
                double y = y(value);
                line(svg, LEFT, y, WIDTH - RIGHT, y, step == 1 ? "#ccc" : "#eee");
                if (step == 1)
                    text(svg, LEFT - 8, y + 4, "end", "", axisLabel(value));
            }
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#888\"/>%n", LEFT, top, WIDTH - LEFT - RIGHT, PLOT_HEIGHT));
        text(svg, LEFT + (WIDTH - LEFT - RIGHT) / 2.0, plotBottom + 38, "middle", "",
                "percentile (log scale of 1/(1-p))");
        svg.append(String.format(Locale.ROOT, "<text x=\"20\" y=\"%.1f\" text-anchor=\"middle\" "
                        + "transform=\"rotate(-90 20 %.1f)\">latency (µs, log scale)</text>%n",
                top + PLOT_HEIGHT / 2.0, top + PLOT_HEIGHT / 2.0));
    }

    private void curve(StringBuilder svg, PercentileDistribution distribution, String colour) {
        svg.append("<path fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"2\" d=\"");
        char command = 'M';
        for (PercentileDistribution.Point p : distribution.points()) {
            if (p.percentile() >= 1)
                continue;
            svg.append(String.format(Locale.ROOT, "%c%.1f %.1f ", command, x(Math.log10(p.oneIn())), y(p.value())));
            command = 'L';
        }
        svg.append(String.format(Locale.ROOT, "%c%.1f %.1f\"/>%n", command,
                x(Math.log10(distribution.worstOneIn())), y(distribution.worst())));
    }

    private void legend(StringBuilder svg) {
        int x = LEFT;
        int y = plotBottom + AXIS_TITLE_GAP + LEGEND_ROW;
        for (int i = 0; i < series.size(); i++) {
            double row = y + LEGEND_ROW * i;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" "
                    + "stroke-width=\"3\"/>%n", x, row - 4, x + 30, row - 4, colour(i)));
            text(svg, x + 38, row, "start", "", series.get(i).legend());
        }
    }

    /** 0 → 0%, 1 → 90%, 2 → 99%, 3 → 99.9% ... */
    static String percentileLabel(int decade) {
        if (decade == 0)
            return "0%";
        if (decade == 1)
            return "90%";
        return "99" + (decade > 2 ? "." + "9".repeat(decade - 2) : "") + "%";
    }

    /** An axis label: 0.1, 1, 10 ... 1,000. */
    private static String axisLabel(double value) {
        return value < 1 ? String.format(Locale.ROOT, "%.1g", value) : String.format(Locale.ROOT, "%,.0f", value);
    }

    private double x(double decade) {
        return LEFT + decade / decadesX * (WIDTH - LEFT - RIGHT);
    }

    private double y(double micros) {
        double decade = Math.log10(Math.max(micros, Math.pow(10, lowestDecadeY))); // zero sits on the bottom edge
        return plotBottom - (decade - lowestDecadeY) / (highestDecadeY - lowestDecadeY) * PLOT_HEIGHT;
    }

    private static String colour(int index) {
        return COLOURS[index % COLOURS.length];
    }

    private static void line(StringBuilder svg, double x1, double y1, double x2, double y2, String colour) {
        svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>%n",
                x1, y1, x2, y2, colour));
    }

    private static void text(StringBuilder svg, double x, double y, String anchor, String attributes, String text) {
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>%n",
                x, y, anchor, attributes, escape(text)));
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
