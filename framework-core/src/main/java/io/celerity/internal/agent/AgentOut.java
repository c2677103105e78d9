package io.celerity.internal.agent;

import io.celerity.internal.dispatch.ServiceCounters;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;

/**
 * The target of a user agent's method writer: its appender, each event a document of its own stamped with message
 * history, as a service's outputs are; counts the documents, so the agent's output can be synced when it wrote any.
 */
final class AgentOut implements MarshallableOut {

    private final ExcerptAppender appender;
    private final ServiceCounters stats;

    AgentOut(ExcerptAppender appender, ServiceCounters stats) {
        this.appender = appender;
        this.stats = stats;
    }

    @Override
    public DocumentContext writingDocument(boolean metaData) {
        stats.countOutput();
        return appender.writingDocument(metaData);
    }

    @Override
    public DocumentContext acquireWritingDocument(boolean metaData) {
        stats.countOutput();
        return appender.acquireWritingDocument(metaData);
    }

    @Override
    public boolean recordHistory() {
        return true;
    }
}
