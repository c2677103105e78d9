package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PercentileTableTest {

    @Test
    void variationIsTheSpreadOverTheMeanOfBestAndWorst() {
        assertEquals(0, PercentileTable.variation(new double[]{2, 2, 2}), 1e-9);
        // best 1, worst 3: spread 2 over a mean of 2 is 100%
        assertEquals(100, PercentileTable.variation(new double[]{1, 3, 2}), 1e-9);
        assertTrue(Double.isNaN(PercentileTable.variation(new double[]{1, Double.NaN})));
    }

    @Test
    void aPercentileNeedsEnoughSamplesToMeanMoreThanTheWorst() {
        Histogram h = new Histogram(Probe.HIGHEST_NANOS, 3);
        for (int i = 1; i <= 1_000; i++)
            h.recordValue(i * 1_000L);
        assertEquals(500, PercentileTable.micros(h, 0), 1);     // 50%
        assertEquals(999, PercentileTable.micros(h, 3), 1);     // 99.9% of 1,000 samples
        assertTrue(Double.isNaN(PercentileTable.micros(h, 4))); // 99.99% of 1,000 samples: not meaningful
        assertEquals(1_000, PercentileTable.micros(h, 5), 1);   // worst
    }

    @Test
    void probeFileNamesAreReadable() {
        assertEquals("output-queue-write-sink-reads.hgrm", ResultFiles.fileName("output queue (write -> sink reads)"));
    }
}
