package io.celerity.internal.chronicle;

import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.bytes.MappedBytesStore;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.bytes.internal.ChunkedMappedFile;
import net.openhft.chronicle.core.io.ReferenceOwner;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;

/**
 * Maps the next chunk of a queue's current cycle file before its writer in this process gets there, off the writer's
 * thread. Chronicle maps a cycle file a chunk at a time (64 MiB by default); left alone, the first thread to cross
 * into a new chunk grows the file, locks it and maps the chunk inside its message, allocating about a kilobyte: the
 * one allocation a steady service still made. Chronicle keeps a chunk mapped while anyone holds it, so the thread
 * that crosses then finds this one's mapping. For queues written in this process: a reader crosses after its writer,
 * within the overlap of the two mappings, and finds the writer's. {@link #mapAhead()} is for one background thread,
 * called periodically.
 */
public final class ChunkPremapper implements ReferenceOwner, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ChunkPremapper.class);

    private final SingleChronicleQueue queue;
    private SingleChronicleQueueStore store; // the current cycle's file, held while it is current
    private MappedFile mapped; // the store's, which it holds
    private MappedBytesStore ahead; // the chunk after the writer's, held until the writer is in it
    private boolean closed;
    private boolean warned;

    public ChunkPremapper(SingleChronicleQueue queue) {
        this.queue = queue;
    }

    /** Maps the chunk after the one being written now, if it is not yet, and lets go of the ones written past. */
    public synchronized void mapAhead() {
        if (closed)
            return;
        if (queue.isClosed()) { // closed by someone else: nothing of it is kept open here
            releaseAll();
            return;
        }
        try {
            if (!holdCurrentCycle())
                return;
            if (!(mapped instanceof ChunkedMappedFile))
                return; // one mapping for the whole file: nothing to cross
            long chunk = mapped.chunkSize();
            long next = (store.writePosition() / chunk + 1) * chunk;
            if (ahead != null && ahead.start() == next)
                return;
            releaseAhead();
            ahead = mapped.acquireByteStore(this, next);
        } catch (IOException | RuntimeException e) {
            // the crossing thread maps it itself then, as Chronicle does without this; one warning per cycle file
            if (!warned)
                LOG.warn("{}: could not map the next chunk ahead of its writer", queue.fileAbsolutePath(), e);
            warned = true;
        }
    }

    private boolean holdCurrentCycle() {
        SingleChronicleQueueStore current = queue.storeForCycle(queue.cycle(), queue.epoch(), false, store);
        if (current != store) {
            SingleChronicleQueueStore old = store;
            store = current; // null until someone writes the cycle's file; held from here, whatever follows
            mapped = null;
            warned = false;
            releaseAhead();
            if (old != null)
                queue.closeStore(old);
        }
        if (store != null && mapped == null)
            try (MappedBytes bytes = store.bytes()) { // the one way to the store's mapped file
                mapped = bytes.mappedFile();
            }
        return mapped != null;
    }

    private void releaseAhead() {
        if (ahead != null)
            ahead.release(this);
        ahead = null;
    }

    private void releaseAll() {
        releaseAhead();
        mapped = null;
        if (store != null)
            queue.closeStore(store);
        store = null;
    }

    /** Lets go of everything held; call before the queue closes. */
    @Override
    public synchronized void close() {
        closed = true;
        releaseAll();
    }
}
