package io.celerity.benchmarks.chart;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PercentileDistributionTest {

    /** What the harness writes: nanoseconds recorded, microseconds out. */
    static List<String> hgrm(Histogram h) {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        h.outputPercentileDistribution(new PrintStream(text, true, StandardCharsets.US_ASCII), 5, 1000.0);
        return text.toString(StandardCharsets.US_ASCII).lines().toList();
    }

    static Histogram oneToTenThousandMicros() {
        Histogram h = new Histogram(3_600_000_000_000L, 3);
        for (long micros = 1; micros <= 10_000; micros++)
            h.recordValue(micros * 1_000);
        return h;
    }

    @Test
    void readsHdrHistogramsOwnOutputInMicroseconds() {
        PercentileDistribution d = PercentileDistribution.parse("test.hgrm", hgrm(oneToTenThousandMicros()));
        assertEquals(10_000, d.totalCount());
        assertEquals(10_000, d.worst(), 10_000 * 0.001);
        assertEquals(1.0, d.points().get(0).value(), 0.001);
        assertEquals(0.0, d.points().get(0).percentile());
        assertEquals(1.0, d.points().get(d.points().size() - 1).percentile());
        PercentileDistribution.Point median = d.points().stream().filter(p -> p.percentile() == 0.5).findFirst()
                .orElseThrow();
        assertEquals(5_000, median.value(), 5_000 * 0.001);
        assertEquals(5_000, median.totalCount(), 5); // values within the 3-digit resolution count together
        assertEquals(2, median.oneIn(), 1e-9);
    }

    @Test
    void theWorstSitsAtOneInTheSampleCountAtLeast() {
        PercentileDistribution d = PercentileDistribution.parse("test.hgrm", hgrm(oneToTenThousandMicros()));
        assertTrue(d.worstOneIn() >= 10_000, () -> "worst drawn at 1 in " + d.worstOneIn());
    }

    @Test
    void namesTheFileAndLineOfABadLine() {
        List<String> lines = List.of("       Value     Percentile TotalCount 1/(1-Percentile)", "",
                "       1.000 0.000000000000          1           1.00", "       2.000 half          2           2.00");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PercentileDistribution.parse("results/end-to-end.hgrm", lines));
        assertTrue(e.getMessage().startsWith("results/end-to-end.hgrm line 4: not a number"), e.getMessage());
    }

    @Test
    void refusesAFileWithoutPercentiles() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PercentileDistribution.parse("empty.hgrm", List.of("#[Max = 1.0]")));
        assertEquals("empty.hgrm: no percentile lines", e.getMessage());
    }

    @Test
    void refusesAPercentileOverOne() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PercentileDistribution.parse("x.hgrm", List.of("1.0 1.5 3 2.0")));
        assertTrue(e.getMessage().startsWith("x.hgrm line 1: "), e.getMessage());
    }
}
