package io.celerity.benchmarks.hop;

import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.chronicle.PageToucher;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;

/**
 * A generated {@link Pings} writer on an appender of its own, and the toucher that takes that appender's page faults
 * while its thread is idle (as a Celerity event loop does for its services), so that every queue writer in the hop
 * benchmarks gets the same treatment. Use it on one thread only.
 */
public final class PingsOut implements AutoCloseable {
    private final ExcerptAppender appender;
    private final Pings writer;
    private final PageToucher pages;

    public PingsOut(ChronicleQueue queue, String writerName) {
        appender = queue.createAppender();
        // bound to this appender, not to the queue's thread-local one, so the toucher touches what the writer writes
        writer = queue.methodWriterBuilder(Pings.class).marshallableOut(appender).build();
        GeneratedCode.requireGeneratedWriter(writer, writerName);
        pages = new PageToucher(appender);
    }

    public Pings writer() {
        return writer;
    }

    /** For the writer's idle moments: touches the page it will write next. */
    public void touchAhead() {
        pages.touchAhead();
    }

    /** The queue index of the last ping this writer wrote. */
    public long lastIndexAppended() {
        return appender.lastIndexAppended();
    }

    @Override
    public void close() {
        appender.close();
    }
}
