package io.celerity.internal.dispatch;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

/**
 * The target of a component's method writer: its output appender (recording message history) while the service is
 * live; a scratch buffer while it rebuilds or follows, so that what it replays emits nothing.
 */
final class ComponentOutput implements MarshallableOut {

    private final ExcerptAppender appender;
    private final DispatchContext context;
    private final Wire scratch = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap());

    ComponentOutput(ExcerptAppender appender, DispatchContext context) {
        this.appender = appender;
        this.context = context;
    }

    @Override
    public DocumentContext writingDocument(boolean metaData) {
        if (context.mode().writes())
            return appender.writingDocument(metaData);
        scratch.clear(); // each replayed call starts afresh: the buffer never grows
        return scratch.writingDocument(metaData);
    }

    @Override
    public DocumentContext acquireWritingDocument(boolean metaData) {
        if (context.mode().writes())
            return appender.acquireWritingDocument(metaData);
        scratch.clear();
        return scratch.acquireWritingDocument(metaData);
    }

    @Override
    public boolean recordHistory() {
        return true;
    }
}
