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
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
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
    private volatile QueueKeys resolved;
    private final List<ExcerptAppender> writersAppenders = new CopyOnWriteArrayList<>();
    private final ThreadLocal<ExcerptAppender> writersAppender = ThreadLocal.withInitial(() -> {
        ExcerptAppender appender = createAppender();
        writersAppenders.add(appender);
        return appender;
    });

    CipherQueue(SingleChronicleQueue stored, String name, Supplier<QueueKeys> keys) {
        this.stored = stored;
        this.name = name;
        this.keys = keys;
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
