package io.celerity.examples.quickstart;

import net.openhft.chronicle.wire.MessageHistory;
import org.HdrHistogram.Histogram;

import java.io.PrintStream;

/**
 * End-to-end and per-hop latencies of the mid prices, from the timings their message history carries:
 * [checker read, checker write, pricer read, pricer write], plus the quote's send time.
 */
final class LatencyReport implements MidPriceListener {

    private static final String[] HOPS = {"end to end (send -> mid written)", "send -> checker reads",
            "checker (read -> write)", "checked queue (write -> read)", "pricer (read -> write)"};
    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final Histogram[] histograms = new Histogram[HOPS.length];
    private final long measuredFromNanos;
    private long mids;

    LatencyReport(long measuredFromNanos) {
        this.measuredFromNanos = measuredFromNanos;
        for (int i = 0; i < histograms.length; i++)
            histograms[i] = new Histogram(3_600_000_000_000L, 3);
    }

    @Override
    public void midPrice(MidPrice midPrice) {
        MessageHistory h = MessageHistory.get();
        mids++;
        if (midPrice.sentNanos < measuredFromNanos || h.timings() < 4)
            return; // warm-up, or written without history: counted, not timed
        record(0, h.timing(3) - midPrice.sentNanos);
        record(1, h.timing(0) - midPrice.sentNanos);
        record(2, h.timing(1) - h.timing(0));
        record(3, h.timing(2) - h.timing(1));
        record(4, h.timing(3) - h.timing(2));
    }

    private void record(int hop, long nanos) {
        histograms[hop].recordValue(Math.max(0, nanos));
    }

    long mids() {
        return mids;
    }

    long timed() {
        return histograms[0].getTotalCount();
    }

    void print(PrintStream out) {
        out.printf("%-36s %9s %9s %9s %9s %9s%n", "latency in microseconds", "50%", "90%", "99%", "99.9%", "worst");
        for (int i = 0; i < HOPS.length; i++) {
            Histogram h = histograms[i];
            out.printf("%-36s", HOPS[i]);
            for (double p : PERCENTILES)
                out.printf(" %9.1f", h.getValueAtPercentile(p) / 1e3);
            out.printf(" %9.1f%n", h.getMaxValue() / 1e3);
        }
    }
}
