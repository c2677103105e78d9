package io.celerity.internal.dispatch;

import io.celerity.config.SyncPolicy;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.bytes.MappedBytesStore;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.StandardOpenOption;

/**
 * Forces a service's committed output documents to disk, as its output queue's {@link SyncPolicy} says or when the
 * component asks. A sync is Chronicle's own msync of the appender's mapping up to the end of the document, which is
 * what {@code ExcerptAppender.sync()} does, but with the mode given per call: the queue-wide mode also decides how
 * Chronicle flushes a whole mapping when it lets go of it, which must stay cheap on queues synced only now and then.
 */
public final class OutputSync {

    private final ExcerptAppender appender;
    private final ChronicleQueue queue;
    private final SyncPolicy policy;
    private final ServiceCounters stats;
    private MappedBytesStore syncedMapping; // the mapping of the last MS_SYNC
    private File syncedFile;

    public OutputSync(ExcerptAppender appender, ChronicleQueue queue, SyncPolicy policy, ServiceCounters stats) {
        this.appender = appender;
        this.queue = queue;
        this.policy = policy;
        this.stats = stats;
    }

    /** Called after each committed output document; {@code asked}: the component asked for it to be synced. */
    public void committed(boolean asked) {
        if (asked || policy == SyncPolicy.SYNC)
            sync(SyncMode.SYNC);
        else if (policy == SyncPolicy.ASYNC)
            sync(SyncMode.ASYNC);
    }

    private void sync(SyncMode mode) {
        Bytes<?> bytes = appender.wire().bytes();
        if (!(bytes instanceof MappedBytes) || !(bytes.bytesStore() instanceof MappedBytesStore)) {
            appender.sync(); // not a mapped file: whatever the queue itself offers
            return;
        }
        MappedBytesStore mapping = (MappedBytesStore) bytes.bytesStore();
        // Chronicle's msync starts where the mapping's last msync ended. A reader stops at the first document missing
        // after a power cut, so force what came before when that is not known to be on disk: earlier mappings of the
        // file (or the previous file) on the first sync in a mapping, and anything only MS_ASYNC'd so far.
        if (mode == SyncMode.SYNC && (mapping != syncedMapping || policy == SyncPolicy.ASYNC)) {
            forceEarlierWrites(((MappedBytes) bytes).mappedFile());
            syncedMapping = mapping;
        }
        mapping.syncUpTo(bytes.writePosition(), mode);
        queue.lastIndexMSynced(appender.lastIndexAppended());
        if (mode == SyncMode.SYNC)
            stats.countSync();
    }

    private void forceEarlierWrites(MappedFile file) {
        try {
            File previous = syncedFile;
            syncedFile = file.file();
            if (previous != null && !previous.equals(syncedFile))
                forceFile(previous); // the queue rolled to a new cycle file since the last sync
            file.raf().getChannel().force(false);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot sync " + file.file() + ": " + e, e);
        }
    }

    private static void forceFile(File file) throws IOException {
        try (FileChannel channel = FileChannel.open(file.toPath(), StandardOpenOption.READ)) {
            channel.force(false);
        } catch (NoSuchFileException e) {
            // deleted (retention): nothing of it is left to read back
        }
    }
}
