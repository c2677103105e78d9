package io.celerity.benchmarks.chart;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LatencyChartTest {

    private static PercentileDistribution distribution(long micros) {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (int i = 0; i < 1_000; i++)
            h.recordValue(micros * 1_000 + i * 10L);
        h.recordValue(micros * 100_000);
        return PercentileDistribution.parse("x", PercentileDistributionTest.hgrm(h));
    }

    private static int count(String text, String of) {
        return (int) Pattern.compile(Pattern.quote(of)).matcher(text).results().count();
    }

    @Test
    void drawsOnePathPerSeriesWithALegendEntryEach() {
        String svg = new LatencyChart("End-to-end latency", List.of("20,000 msg/s", "2 CPUs"), List.of(
                new LatencyChart.Series("chronicle-queue", distribution(2)),
                new LatencyChart.Series("disruptor", distribution(1)),
                new LatencyChart.Series("kafka <embedded> & more", distribution(900)))).svg();
        assertTrue(svg.startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\""), svg);
        assertTrue(svg.strip().endsWith("</svg>"));
        assertEquals(3, count(svg, "<path "), "one path per series");
        assertEquals(3, count(svg, "stroke-width=\"3\""), "one legend swatch per series");
        assertTrue(svg.contains(">kafka &lt;embedded&gt; &amp; more</text>"), "legends are escaped");
        assertTrue(svg.contains(">End-to-end latency</text>"));
    }

    @Test
    void labelsThePercentileAxisFromZeroTo99Point999AtLeast() {
        String svg = new LatencyChart("t", List.of(), List.of(new LatencyChart.Series("a", distribution(5)))).svg();
        for (String label : List.of(">0%<", ">90%<", ">99%<", ">99.9%<", ">99.99%<", ">99.999%<"))
            assertTrue(svg.contains(label), label);
        assertEquals("99.9999%", LatencyChart.percentileLabel(6));
    }

    @Test
    void labelsTheLatencyAxisInDecadesOfMicroseconds() {
        // 5 us to 500 us: decades 1 to 1,000
        String svg = new LatencyChart("t", List.of(), List.of(new LatencyChart.Series("a", distribution(5)))).svg();
        for (String label : List.of(">1</text>", ">10</text>", ">100</text>", ">1,000</text>"))
            assertTrue(svg.contains(label), label);
    }
}
