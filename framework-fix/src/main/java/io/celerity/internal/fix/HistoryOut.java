package io.celerity.internal.fix;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;

/** The inbound writer's target: the queue's appender, every event stamped with message history. */
final class HistoryOut implements MarshallableOut {

    private final ExcerptAppender appender;

    HistoryOut(ExcerptAppender appender) {
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
