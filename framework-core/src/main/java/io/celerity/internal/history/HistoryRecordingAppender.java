package io.celerity.internal.history;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;

/**
 * An appender as the target of a method writer that records the thread's message history at the start of every
 * document, whatever the queue's own source id (Chronicle records it only for a queue built with one).
 */
public final class HistoryRecordingAppender implements MarshallableOut {

    private final ExcerptAppender appender;

    public HistoryRecordingAppender(ExcerptAppender appender) {
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
