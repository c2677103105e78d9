package io.celerity.internal.encryption;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.TailerState;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Consumer;

/**
 * A tailer of an encrypted queue: each document it reads is authenticated and opened into a buffer on the heap, which
 * the document's wire reads, its personal fields decrypted (or, their subject forgotten, replaced); a document that
 * cannot be is refused ({@link RefusedDocument}) and passed over. Moves,
 * indexes and metadata are the stored tailer's. One thread.
 */
final class OpeningTailer implements ExcerptTailer {

    private static final Logger LOG = LoggerFactory.getLogger(OpeningTailer.class);

    private final ExcerptTailer stored;
    private final CipherQueue queue;
    private final DocumentOpener opener;
    private final OpenedDocument document = new OpenedDocument();
    private final PersonalDataCodec personal;
    private Consumer<RefusedDocument> refusals = this::logRefused;
    private long refused;

    OpeningTailer(ExcerptTailer stored, CipherQueue queue, QueueKeys keys) {
        this.stored = stored;
        this.queue = queue;
        this.opener = new DocumentOpener(keys);
        this.personal = new PersonalDataCodec(queue.personalEvents(), queue::subjectKeys);
    }

    /**
     * The next document, opened; a document that cannot be opened is passed over, told to the listener set with
     * {@link CipherQueue#onRefused} (by default: logged, the 1st, 2nd, 4th... time), and the one after it read.
     */
    @Override
    public DocumentContext readingDocument(boolean includeMetaData) {
        while (true) {
            DocumentContext in = stored.readingDocument(includeMetaData);
            if (!in.isPresent() || in.isMetaData())
                return in;
            try {
                byte format = opener.open(in.wire().bytes(), document.opened.bytes(), in.index());
                document.wire = format == DocumentSealer.PERSONAL && restore(in.index())
                        ? document.restored : document.opened;
                document.in = in;
                return document;
            } catch (SubjectKeyNotHere e) {
                in.rollbackOnClose(); // read again once the key has arrived
                in.close();
                throw e;
            } catch (RefusedDocument e) {
                in.close(); // passed over
                refusals.accept(e);
            } catch (RuntimeException e) {
                in.close();
                throw e;
            }
        }
    }

    // A document whose personal fields cannot be read back is refused like one that does not open.
    private boolean restore(long index) {
        try {
            return personal.restore(document.opened, document.restored);
        } catch (SubjectKeyNotHere e) {
            throw e;
        } catch (RuntimeException e) {
            throw new RefusedDocument(queue.name(), index, "its personal fields cannot be read: " + e);
        }
    }

    void onRefused(Consumer<RefusedDocument> listener) {
        this.refusals = listener;
    }

    private void logRefused(RefusedDocument e) {
        if ((++refused & (refused - 1)) == 0)
            LOG.warn("{} (refused document #{} of this reader); passed over", e.getMessage(), refused);
    }

    /** A method reader whose handlers' events, if personal, are read with their personal fields decrypted. */
    @Override
    public MethodReader methodReader(Object... handlers) {
        for (Object handler : handlers)
            queue.carriesEventsOf(handler);
        return ExcerptTailer.super.methodReader(handlers);
    }

    @Override
    public long index() {
        return stored.index();
    }

    @Override
    public int cycle() {
        return stored.cycle();
    }

    @Override
    public boolean moveToIndex(long index) {
        return stored.moveToIndex(index);
    }

    @Override
    public boolean moveToCycle(int cycle) {
        return stored.moveToCycle(cycle);
    }

    @Override
    public ExcerptTailer toStart() {
        stored.toStart();
        return this;
    }

    @Override
    public ExcerptTailer toEnd() {
        stored.toEnd();
        return this;
    }

    @Override
    public ExcerptTailer striding(boolean striding) {
        stored.striding(striding);
        return this;
    }

    @Override
    public boolean striding() {
        return stored.striding();
    }

    @Override
    public ExcerptTailer direction(TailerDirection direction) {
        stored.direction(direction);
        return this;
    }

    @Override
    public TailerDirection direction() {
        return stored.direction();
    }

    @Override
    public TailerState state() {
        return stored.state();
    }

    @Override
    public long excerptsInCycle(int cycle) {
        return stored.excerptsInCycle(cycle);
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

    /** The document in hand, opened: its plaintext on the heap; everything else is the stored document's. */
    private static final class OpenedDocument implements DocumentContext, ReportableDocument {

        private final Wire opened = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));
        private final Wire restored = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));
        private Wire wire;
        private DocumentContext in;

        @Override
        public Wire wire() {
            return wire;
        }

        /** As opened, its personal fields still encrypted: what a failure report may keep of it. */
        @Override
        public Bytes<?> reportableBytes() {
            return opened.bytes();
        }

        @Override
        public boolean isMetaData() {
            return false;
        }

        @Override
        public boolean isPresent() {
            return true;
        }

        @Override
        public boolean isNotComplete() {
            return in.isNotComplete();
        }

        @Override
        public void rollbackOnClose() {
            in.rollbackOnClose();
        }

        @Override
        public void close() {
            in.close();
        }

        @Override
        public void reset() {
            in.reset();
        }

        @Override
        public int sourceId() {
            return in.sourceId();
        }

        @Override
        public long index() {
            return in.index();
        }
    }
}
