package io.celerity.benchmarks.jmh;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;

/**
 * Where a service's method writer writes, as framework-core's (package-private) {@code HistoryRecordingOut} does it:
 * the output queue's appender, always recording the thread's message history at the start of each document.
 */
final class HistoryRecordingTarget implements MarshallableOut {
    private final ExcerptAppender appender;

    HistoryRecordingTarget(ExcerptAppender appender) {
        this.appender = appender;
    }

    @Override
    public DocumentContext writingDocument(boolean metaData) {
        return appender.writingDocument(metaData);
    }

    @Override
    public DocumentContext acquireWritingDocument(boolean metaData) {
        return appender.acquireWritingDocument(metaData);
    }

    @Override
    public boolean recordHistory() {
        return true;
    }
}
