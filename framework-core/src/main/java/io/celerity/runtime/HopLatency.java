package io.celerity.runtime;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * One service's latencies, from the message history of each input: the queue hop (upstream write -> our read) and
 * the service itself (our read -> output committed). Recording is wait-free and allocation-free on the loop thread;
 * a scrape takes the interval since the last one.
 */
final class HopLatency {
    private final Recorder queue = new Recorder(3);
    private final Recorder service = new Recorder(3);
    private Histogram queueInterval;
    private Histogram serviceInterval;

    void record(long upstreamWriteNanos, long readNanos, long doneNanos) {
        if (upstreamWriteNanos != 0)
            queue.recordValue(Math.max(0, readNanos - upstreamWriteNanos));
        service.recordValue(Math.max(0, doneNanos - readNanos));
    }

    /** The queue hop latencies recorded since the previous call; only one scraping thread at a time. */
    synchronized Histogram queueInterval() {
        queueInterval = queue.getIntervalHistogram(queueInterval);
        return queueInterval;
    }

    /** The service latencies recorded since the previous call. */
    synchronized Histogram serviceInterval() {
        serviceInterval = service.getIntervalHistogram(serviceInterval);
        return serviceInterval;
    }
}
