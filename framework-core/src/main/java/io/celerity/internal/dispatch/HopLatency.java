package io.celerity.internal.dispatch;

import io.celerity.internal.history.InputHistory;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;

/**
 * One service's latencies, from the message history of each input: the queue hop (upstream write -> our read) and
 * the service itself (our read -> output committed). Recording is wait-free and allocation-free on the loop thread,
 * the only writer; a scrape takes the interval since the last one.
 */
public final class HopLatency {
    /** Longer latencies (e.g. a backlog read hours late) count as this: a fixed range never resizes or allocates. */
    static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);

    private final SingleWriterRecorder queue = new SingleWriterRecorder(1, MAX_NANOS, 3);
    private final SingleWriterRecorder service = new SingleWriterRecorder(1, MAX_NANOS, 3);
    private Histogram queueInterval;
    private Histogram serviceInterval;

    void record(long upstreamWriteNanos, long readNanos, long doneNanos) {
        if (upstreamWriteNanos != 0)
            queue.recordValue(inRange(readNanos - upstreamWriteNanos));
        service.recordValue(inRange(doneNanos - readNanos));
    }

    // The input just dispatched: its writer's time (0 for a plain producer's input, which carries no history) and ours.
    void record(InputHistory history) {
        record(history.upstreamWriteNanos(), history.readNanos(), System.nanoTime());
    }

    private static long inRange(long nanos) {
        return Math.min(MAX_NANOS, Math.max(0, nanos));
    }

    /** The queue hop latencies recorded since the previous call; only one scraping thread at a time. */
    public synchronized Histogram queueInterval() {
        queueInterval = queue.getIntervalHistogram(queueInterval);
        return queueInterval;
    }

    /** The service latencies recorded since the previous call. */
    public synchronized Histogram serviceInterval() {
        serviceInterval = service.getIntervalHistogram(serviceInterval);
        return serviceInterval;
    }
}
