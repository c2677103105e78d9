package io.celerity.internal.dispatch;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Writes {@code heartbeat: <epoch nanos>} on a service's output when it has written nothing for a period, so a
 * monitor can tell a quiet service from a stalled one. Readers skip the event; it carries no history, so restarts
 * and state rebuilds skip it too.
 */
public final class Heartbeat {
    /** The event name on the queue. */
    public static final String EVENT = "heartbeat";

    private final long periodNanos;
    private long nextCheckNanos;
    private boolean wrote;

    Heartbeat(long periodNanos) {
        this.periodNanos = periodNanos;
        this.nextCheckNanos = System.nanoTime() + periodNanos;
    }

    /** Notes an output, which makes the next heartbeat unnecessary. */
    void outputWritten() {
        wrote = true;
    }

    /** Writes a heartbeat when a whole period has passed without output; returns 1 if it wrote one. */
    int beatIfQuiet(ExcerptAppender appender, long epochNanos) {
        long now = System.nanoTime();
        if (now < nextCheckNanos)
            return 0;
        nextCheckNanos = now + periodNanos;
        if (wrote) {
            wrote = false;
            return 0;
        }
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().write(EVENT).int64(epochNanos);
        }
        return 1;
    }
}
