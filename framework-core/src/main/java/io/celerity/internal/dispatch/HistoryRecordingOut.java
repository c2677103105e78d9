package io.celerity.internal.dispatch;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

/**
 * The target of a service's method writer: its appender, always recording message history; or, while the service
 * rebuilds its state, a scratch buffer, so replayed inputs emit nothing.
 */
final class HistoryRecordingOut implements MarshallableOut {

    private final ExcerptAppender appender;
    private final Wire scratch = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap());
    private boolean suppressing;

    HistoryRecordingOut(ExcerptAppender appender) {
        this.appender = appender;
    }

    /** Sends what follows to the scratch buffer (true) or the queue (false). */
    void suppress(boolean suppress) {
        this.suppressing = suppress;
        scratch.clear();
    }

    @Override
    public DocumentContext writingDocument(boolean metaData) {
        return suppressing ? scratch.writingDocument(metaData) : appender.writingDocument(metaData);
    }

    @Override
    public DocumentContext acquireWritingDocument(boolean metaData) {
        if (suppressing) {
            scratch.clear(); // each replayed call starts afresh: the buffer never grows
            return scratch.acquireWritingDocument(metaData);
        }
        return appender.acquireWritingDocument(metaData);
    }

    @Override
    public boolean recordHistory() {
        return true;
    }
}
