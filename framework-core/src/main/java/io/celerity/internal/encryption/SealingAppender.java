package io.celerity.internal.encryption;

import io.celerity.internal.chronicle.AppenderRepair;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;
import net.openhft.chronicle.wire.WriteDocumentContext;

import java.security.GeneralSecurityException;

/**
 * An appender of an encrypted queue: a document is written in the clear into a buffer on the heap, and only sealed
 * into the queue when it closes, so no plaintext reaches the mapped file. Nested opens share one document, as
 * Chronicle's appender's do. Metadata, which only Chronicle writes, passes through. One thread.
 */
final class SealingAppender implements ExcerptAppender {

    private final ExcerptAppender stored;
    private final CipherQueue queue;
    private final DocumentSealer sealer;
    private final SealedDocument document = new SealedDocument();
    private final PersonalDataCodec personal;
    private final Wire protectedCopy = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));

    SealingAppender(ExcerptAppender stored, CipherQueue queue, QueueKeys keys) {
        this.stored = stored;
        this.queue = queue;
        this.sealer = new DocumentSealer(keys);
        this.personal = new PersonalDataCodec(queue.personalEvents(), queue::subjectKeys);
    }

    @Override
    public DocumentContext writingDocument(boolean metaData) {
        if (metaData)
            return stored.writingDocument(true);
        document.open();
        return document;
    }

    @Override
    public DocumentContext acquireWritingDocument(boolean metaData) {
        return writingDocument(metaData);
    }

    @Override
    public void writeBytes(BytesStore<?, ?> bytes) {
        try (DocumentContext dc = writingDocument(false)) {
            dc.wire().bytes().write(bytes);
        }
    }

    private void seal(Wire plain) {
        // Personal fields are encrypted with their subjects' keys first, so that forgetting a subject reaches them.
        boolean withPersonal = personal.protect(plain, protectedCopy);
        DocumentContext out;
        try {
            out = stored.writingDocument();
        } catch (Throwable e) { // Chronicle throws checked IOExceptions undeclared, e.g. a cycle file not created
            AppenderRepair.afterFailedOpen(stored, queue.stored(), e);
            throw e;
        }
        try {
            sealer.seal(withPersonal ? protectedCopy.bytes() : plain.bytes(), out.wire().bytes(),
                    withPersonal ? DocumentSealer.PERSONAL : DocumentSealer.FORMAT);
        } catch (GeneralSecurityException | RuntimeException e) {
            out.rollbackOnClose();
            out.close();
            throw new IllegalStateException("queue '" + queue.name() + "': a document could not be sealed: " + e, e);
        }
        out.close();
    }

    @Override
    public long lastIndexAppended() {
        return stored.lastIndexAppended();
    }

    @Override
    public int cycle() {
        return stored.cycle();
    }

    /** The stored queue's wire, for what works on the mapped bytes (syncing, touching pages ahead). */
    @Override
    public Wire wire() {
        return stored.wire();
    }

    @Override
    public int sourceId() {
        return stored.sourceId();
    }

    @Override
    public ChronicleQueue queue() {
        return queue;
    }

    @Override
    public void close() {
        stored.close();
    }

    @Override
    public boolean isClosed() {
        return stored.isClosed();
    }

    @Override
    public boolean isClosing() {
        return stored.isClosing();
    }

    @Override
    public void singleThreadedCheckReset() {
        stored.singleThreadedCheckReset();
    }

    @Override
    public void singleThreadedCheckDisabled(boolean disabled) {
        stored.singleThreadedCheckDisabled(disabled);
    }

    /** The document being written: its plaintext on the heap until it is sealed on close. */
    private final class SealedDocument implements WriteDocumentContext {

        private final Wire plain = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));
        private int depth;
        private boolean rollback;

        void open() {
            if (depth++ > 0)
                return;
            plain.clear();
            rollback = false;
        }

        @Override
        public void close() {
            if (depth == 0 || --depth > 0)
                return;
            if (!rollback && !isEmpty())
                seal(plain);
        }

        @Override
        public boolean isEmpty() {
            return plain.bytes().writePosition() == 0;
        }

        @Override
        public void rollbackOnClose() {
            rollback = true;
        }

        @Override
        public Wire wire() {
            return plain;
        }

        @Override
        public boolean isMetaData() {
            return false;
        }

        @Override
        public boolean isPresent() {
            return false; // as Chronicle's write contexts say
        }

        @Override
        public boolean isNotComplete() {
            return depth > 0;
        }

        @Override
        public void reset() {
            depth = 0;
            rollback = false;
            plain.clear();
        }

        @Override
        public void start(boolean metaData) {
            open();
        }

        @Override
        public boolean chainedElement() {
            return false;
        }

        @Override
        public void chainedElement(boolean chainedElement) {
            // one document per open: nothing is chained
        }

        @Override
        public int sourceId() {
            return stored.sourceId();
        }

        /** Known once the document is sealed: then {@link #lastIndexAppended()}. */
        @Override
        public long index() {
            throw new UnsupportedOperationException("queue '" + queue.name() + "': an encrypted document's index is "
                    + "known once it is written (lastIndexAppended)");
        }
    }
}
