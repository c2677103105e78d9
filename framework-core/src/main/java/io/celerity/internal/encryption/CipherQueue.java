package io.celerity.internal.encryption;

import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.WireType;

import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;

import java.io.File;
import java.io.Writer;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * An encrypted queue as services, agents and tools see it: its appenders seal each document, its tailers open each
 * one. The stored queue underneath ({@link #stored()}) holds only sealed documents, and is what replication copies,
 * byte for byte, with no key. The keys are looked up when the first appender or tailer is made, so a host that only
 * holds a copy needs none.
 */
public final class CipherQueue implements ChronicleQueue {

    private final SingleChronicleQueue stored;
    private final String name;
    private final Supplier<QueueKeys> keys;
    private final Supplier<SubjectKeys> subjects;
    private final PersonalEvents personalEvents = new PersonalEvents();
    private final Runnable onClose;
    private volatile QueueKeys resolved;
    private final List<ExcerptAppender> writersAppenders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ExcerptAppender> writersAppender = ThreadLocal.withInitial(() -> {
        ExcerptAppender appender = createAppender();
        writersAppenders.add(appender);
        return appender;
    });

    /**
     * @param subjects the keys of data subjects, asked for the first time a message with personal data passes
     * @param onClose  run once the queue is closed
     */
    CipherQueue(SingleChronicleQueue stored, String name, Supplier<QueueKeys> keys, Supplier<SubjectKeys> subjects,
                Runnable onClose) {
        this.stored = stored;
        this.name = name;
        this.keys = keys;
        this.subjects = subjects;
        this.onClose = onClose;
    }

    /**
     * The events of {@code interfaces} travel here: those whose message has personal data have it encrypted with its
     * subject's key. Writers and readers of the queue say so as they are built.
     */
    public void carries(Collection<Class<?>> interfaces) {
        personalEvents.carry(interfaces);
    }

    /** As {@link #carries}, for the interfaces {@code component} implements. */
    public void carriesEventsOf(Object component) {
        personalEvents.carryImplementedBy(component);
    }

    /**
     * Tells {@code listener}, instead of the log, of each document {@code tailer} passes over because it cannot be
     * opened; nothing for a tailer of a queue that is not encrypted.
     */
    public static void onRefused(ExcerptTailer tailer, Consumer<RefusedDocument> listener) {
        if (tailer instanceof OpeningTailer opening)
            opening.onRefused(listener);
    }

    /** Whether {@code tailer}'s documents are opened ones: each present data document a {@link ReportableDocument}. */
    public static boolean opens(ExcerptTailer tailer) {
        return tailer instanceof OpeningTailer;
    }

    PersonalEvents personalEvents() {
        return personalEvents;
    }

    SubjectKeys subjectKeys() {
        return subjects.get();
    }

    /** The queue as it lies on disk: sealed documents. */
    public SingleChronicleQueue stored() {
        return stored;
    }

    /** Its name in the deployment. */
    public String name() {
        return name;
    }

    private QueueKeys keys() {
        QueueKeys k = resolved;
        if (k == null)
            resolved = k = keys.get();
        return k;
    }

    @Override
    public ExcerptAppender createAppender() {
        QueueKeys k = keys();
        return new SealingAppender(stored.createAppender(), this, k);
    }

    @Override
    public ExcerptTailer createTailer() {
        QueueKeys k = keys();
        return new OpeningTailer(stored.createTailer(), this, k);
    }

    /** A method writer sealing what it writes, through an appender of the calling thread's. */
    @Override
    public <T> VanillaMethodWriterBuilder<T> methodWriterBuilder(Class<T> tClass) {
        carries(List.of(tClass));
        VanillaMethodWriterBuilder<T> builder = stored.methodWriterBuilder(tClass);
        builder.marshallableOut(writersAppender.get());
        return builder;
    }

    @Override
    public long firstIndex() {
        return stored.firstIndex();
    }

    @Override
    public long lastIndex() {
        return stored.lastIndex();
    }

    @Override
    public WireType wireType() {
        return stored.wireType();
    }

    @Override
    public void clear() {
        stored.clear();
    }

    @Override
    public File file() {
        return stored.file();
    }

    /** The stored queue's dump: sealed documents, as they lie on disk. */
    @Override
    public String dump() {
        return stored.dump();
    }

    @Override
    public void dump(Writer writer, long fromIndex, long toIndex) {
        stored.dump(writer, fromIndex, toIndex);
    }

    @Override
    public int sourceId() {
        return stored.sourceId();
    }

    @Override
    public RollCycle rollCycle() {
        return stored.rollCycle();
    }

    @Override
    public TimeProvider time() {
        return stored.time();
    }

    @Override
    public long lastIndexReplicated() {
        return stored.lastIndexReplicated();
    }

    @Override
    public long lastAcknowledgedIndexReplicated() {
        return stored.lastAcknowledgedIndexReplicated();
    }

    @Override
    public long lastIndexMSynced() {
        return stored.lastIndexMSynced();
    }

    @Override
    public void lastIndexMSynced(long lastIndexMSynced) {
        stored.lastIndexMSynced(lastIndexMSynced);
    }

    @Override
    public void lastIndexReplicated(long lastIndex) {
        stored.lastIndexReplicated(lastIndex);
    }

    @Override
    public void lastAcknowledgedIndexReplicated(long lastAcknowledgedIndexReplicated) {
        stored.lastAcknowledgedIndexReplicated(lastAcknowledgedIndexReplicated);
    }

    @Override
    public void refreshDirectoryListing() {
        stored.refreshDirectoryListing();
    }

    @Override
    public String dumpLastHeader() {
        return stored.dumpLastHeader();
    }

    @Override
    public void close() {
        Closeable.closeQuietly(writersAppenders);
        stored.close();
        onClose.run();
    }

    @Override
    public boolean isClosed() {
        return stored.isClosed();
    }

    @Override
    public boolean isClosing() {
        return stored.isClosing();
    }
}
