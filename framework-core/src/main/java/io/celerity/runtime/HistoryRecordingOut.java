package io.celerity.runtime;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;

/** The target of a service's method writer: its appender, always recording message history. */
final class HistoryRecordingOut implements MarshallableOut {

    private final ExcerptAppender appender;

    HistoryRecordingOut(ExcerptAppender appender) {
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
