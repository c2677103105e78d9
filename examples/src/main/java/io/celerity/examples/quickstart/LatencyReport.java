package io.celerity.examples.quickstart;

import io.celerity.examples.demo.HopLatencies;
import net.openhft.chronicle.wire.MessageHistory;

import java.io.PrintStream;

/**
 * End-to-end and per-hop latencies of the mid prices, from the timings their message history carries:
 * [checker read, checker write, pricer read, pricer write], plus the quote's due time.
 */
final class LatencyReport implements MidPriceListener {

    private final HopLatencies latencies = new HopLatencies("end to end (due -> mid written)",
            "due -> checker reads", "checker (read -> write)", "checked queue (write -> read)", "pricer (read -> write)");
    private final long measuredFromNanos;
    private long mids;

    LatencyReport(long measuredFromNanos) {
        this.measuredFromNanos = measuredFromNanos;
    }

    @Override
    public void midPrice(MidPrice midPrice) {
        MessageHistory h = MessageHistory.get();
        mids++;
        if (midPrice.sentNanos < measuredFromNanos || h.timings() < 4)
            return; // warm-up, or written without history: counted, not timed
        latencies.record(0, h.timing(3) - midPrice.sentNanos);
        latencies.record(1, h.timing(0) - midPrice.sentNanos);
        for (int hop = 2; hop <= 4; hop++)
            latencies.record(hop, h.timing(hop - 1) - h.timing(hop - 2));
    }

    long mids() {
        return mids;
    }

    long timed() {
        return latencies.count(0);
    }

    void print(PrintStream out) {
        latencies.print(out);
    }
}
