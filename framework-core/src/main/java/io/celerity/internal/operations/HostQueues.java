package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.SyncPolicy;
import io.celerity.internal.chronicle.ChunkPremapper;
import io.celerity.internal.chronicle.IncompleteCycleFiles;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.internal.encryption.StoredQueue;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A host's queues, each opened with its roll cycle and sync mode, sealing and opening its documents when it is
 * encrypted, trimmed to its {@code keepCycles} after each roll by one background thread, and mapped a chunk ahead of
 * its writers on the housekeeping thread; closed together.
 */
public final class HostQueues implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HostQueues.class);
    private static final long MAP_AHEAD_MILLIS = 100;

    private final Map<String, ChronicleQueue> queues = new LinkedHashMap<>();
    private final QueueEncryption encryption;
    private final CelerityConfig config;
    private final Map<String, CycleRetention> retentions = new LinkedHashMap<>();
    private final HostQueues lender; // null: these queues were opened here, and closing closes them
    private ExecutorService retentionThread;
    private final List<ChunkPremapper> premappers = new ArrayList<>();
    private ScheduledFuture<?> mappingAhead;

    /** Opens every queue of {@code config} for a host; {@code rollClock} decides when they roll to a new cycle file. */
    public HostQueues(CelerityConfig config, TimeProvider rollClock) {
        this(config, rollClock, new QueueEncryption(config, true));
    }

    /**
     * Opens every queue of {@code config} for a test or tool that lends them to hosts started on them in turn
     * ({@link #borrow}); it reads and writes them as a tool does.
     */
    public static HostQueues forLending(CelerityConfig config, TimeProvider rollClock) {
        return new HostQueues(config, rollClock, new QueueEncryption(config, false));
    }

    private HostQueues(CelerityConfig config, TimeProvider rollClock, QueueEncryption encryption) {
        this.config = config;
        this.encryption = encryption;
        this.lender = null;
        try {
            for (QueueConfig q : config.queues().values())
                queues.put(q.name(), encryption.view(q, open(q, config, rollClock)));
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private HostQueues(CelerityConfig config, HostQueues lender) {
        this.config = config;
        this.encryption = new QueueEncryption(config, true);
        this.lender = lender;
        for (QueueConfig q : config.queues().values())
            queues.put(q.name(), encryption.view(q, lender.stored(q.name())));
    }

    /**
     * A host's own view of these queues: its own keys and data subjects' keys, read from the queues at its start as
     * a new process reads them. Closing it closes only those; these queues stay open, and trimmed as configured here.
     */
    public HostQueues borrow(CelerityConfig hostConfig) {
        return new HostQueues(hostConfig, this);
    }

    private SingleChronicleQueue open(QueueConfig q, CelerityConfig config, TimeProvider rollClock) {
        SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(q.path())
                .rollCycle(RollCycles.valueOf(q.rollCycle()))
                .timeProvider(rollClock);
        if (q.sync() != SyncPolicy.NONE)
            builder.syncMode(SyncMode.valueOf(q.sync().name())); // how Chronicle flushes a mapping it lets go of
        CycleRetention retention = CycleRetention.of(q, config);
        if (retention != null) {
            builder.storeFileListener(retention);
            retentions.put(q.name(), retention);
        }
        return builder.build();
    }

    /** The open queue called {@code name} as services read and write it (see {@link #stored}), or {@code null}. */
    public ChronicleQueue get(String name) {
        return queues.get(name);
    }

    /** The open queue called {@code name} as it lies on disk: sealed documents when it is encrypted. */
    public SingleChronicleQueue stored(String name) {
        return StoredQueue.of(queues.get(name));
    }

    /**
     * When this host holds the deployment's queue of data subjects' keys: applies every forget recorded there to its
     * copy now (one recorded before a crash is done so), and from now on each new one as it arrives, whether or not
     * its services carry personal data.
     */
    public void followSubjectKeys() {
        String subjects = config.keys() == null ? null : config.keys().subjects();
        if (subjects != null && queues.containsKey(subjects))
            encryption.subjectKeys();
    }

    /**
     * Checks that the keys of each encrypted queue of {@code names} are here, so that a host refuses to start without
     * them rather than fail on its loops.
     *
     * @throws IllegalStateException naming the queue, its key and why they are not
     */
    public void requireKeys(Collection<String> names) {
        for (String name : names)
            encryption.requireKeys(config.queues().get(name));
    }

    /**
     * Moves aside the cycle files a writer killed while creating them left in the queues this host writes (see
     * {@link IncompleteCycleFiles}): before its first write, as a process starts.
     */
    public void moveAsideIncompleteCycleFiles() {
        for (String name : queues.keySet())
            if (config.writtenHere(name))
                IncompleteCycleFiles.moveAside(stored(name));
    }

    /** How many trim passes the retention of queue {@code name} has run; -1 when it keeps all its cycles. */
    public long trimPasses(String name) {
        if (lender != null)
            return lender.trimPasses(name);
        CycleRetention retention = retentions.get(name);
        return retention == null ? -1 : retention.trimPasses();
    }

    public int size() {
        return queues.size();
    }

    /**
     * Starts trimming: from now on, each roll of a queue with {@code keepCycles} deletes its oldest files; once, when
     * hosts borrow these queues in turn.
     */
    public synchronized void startRetention() {
        if (lender != null) {
            lender.startRetention();
            return;
        }
        if (retentions.isEmpty() || retentionThread != null) // started by an earlier host on these queues
            return;
        retentionThread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "celerity-retention");
            t.setDaemon(true);
            return t;
        });
        retentions.forEach((queue, retention) -> retention.start(stored(queue), retentionThread));
    }

    /**
     * Starts mapping the next chunk of each queue written here ahead of its writers (see {@link ChunkPremapper}), every
     * {@value #MAP_AHEAD_MILLIS} ms: a writer finds each 64 MiB chunk mapped unless it fills one within that time
     * (640 MB/s). Once, when hosts borrow these queues in turn.
     */
    public synchronized void startMappingAhead() {
        if (lender != null) {
            lender.startMappingAhead();
            return;
        }
        if (mappingAhead != null)
            return;
        for (String name : queues.keySet())
            if (config.writtenHere(name)) // a queue written elsewhere: its writer's process maps ahead for it
                premappers.add(new ChunkPremapper(stored(name)));
        mappingAhead = Housekeeping.thread().scheduleWithFixedDelay(this::mapAhead, 0, MAP_AHEAD_MILLIS,
                TimeUnit.MILLISECONDS);
    }

    private void mapAhead() {
        for (ChunkPremapper premapper : premappers) {
            try {
                premapper.mapAhead();
            } catch (Throwable e) { // a chore that throws is never run again: the others go on mapping
                LOG.warn("mapping a queue's next chunk ahead failed; it is mapped by its writer", e);
            }
        }
    }

    @Override
    public synchronized void close() {
        if (lender != null) { // the queues are the lender's, and closing a view would close its queue
            encryption.close();
            return;
        }
        if (mappingAhead != null)
            mappingAhead.cancel(false);
        premappers.forEach(ChunkPremapper::close); // waits for a pass under way: nothing held when the queues close
        if (retentionThread != null) {
            retentionThread.shutdownNow();
            awaitQuietly(retentionThread); // no trim on a closed queue
        }
        encryption.close(); // the data subjects' keys, read from one of the queues
        Closeable.closeQuietly(queues.values());
    }

    static void awaitQuietly(ExecutorService executor) {
        try {
            executor.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
