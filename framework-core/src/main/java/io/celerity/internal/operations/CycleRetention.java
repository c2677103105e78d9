package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.internal.restart.RestartPoint;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.RollingResourcesCache;
import net.openhft.chronicle.queue.impl.StoreFileListener;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Deletes the oldest cycle files of a queue this host writes, keeping its {@code keepCycles} newest. A file is kept
 * while any tailer or appender of this process holds it or an older one (so a reader here that lags never loses a
 * cycle it has still to read), and while it holds the newest record of an input of a service restarting from
 * {@code LAST_WRITTEN} (so a restart still finds where that input stopped). Trims run off the loops, after each roll
 * and when the holder that alone stopped the previous one short lets go.
 */
public final class CycleRetention implements StoreFileListener {

    private static final Logger LOG = LoggerFactory.getLogger(CycleRetention.class);
    private static final int RETRIMS_PER_ROLL = 64;
    private static final long FIRST_WRITE_WAIT_NANOS = TimeUnit.SECONDS.toNanos(1);
    private static final long FIRST_WRITE_POLL_NANOS = TimeUnit.MICROSECONDS.toNanos(100);

    private final QueueConfig queueConfig;
    private final int[] recordSourceIds;
    // cycle -> holders in this process. Chronicle reports acquires and releases on its background releaser, or on the
    // caller's thread when the releaser's queue is full: a release can come before its acquire, so a count may be -1.
    private final TreeMap<Integer, Integer> held = new TreeMap<>();
    private final AtomicBoolean trimPending = new AtomicBoolean();
    private final AtomicLong trimPasses = new AtomicLong(); // counted once a pass is done: what it deleted is gone
    private int newestAcquired = Integer.MIN_VALUE;
    // Guarded by held: the held cycle that alone stopped the last trim short, whose release trims again; and how many
    // such trims are left before the next roll. A restart's backward scan holds ever older cycles, so each may be
    // waited for in turn; the bound stops the trims' own tailers (whose reports can lag) from keeping trims going.
    private long blockedBy = Long.MAX_VALUE;
    private int retrimsLeft = RETRIMS_PER_ROLL;
    private volatile SingleChronicleQueue queue;
    private volatile Executor executor;
    private RollingResourcesCache files;

    private CycleRetention(QueueConfig queueConfig, int[] recordSourceIds) {
        this.queueConfig = queueConfig;
        this.recordSourceIds = recordSourceIds;
    }

    /**
     * The retention of {@code queue} when it keeps fewer than all its cycles and a service or agent of {@code config}
     * writes it, or it is a copy held on this host; null otherwise: a queue fed from outside belongs to its producer,
     * and another host's restart records may be in it.
     */
    public static CycleRetention of(QueueConfig queue, CelerityConfig config) {
        if (queue.keepCycles() == 0)
            return null;
        // A snapshot queue needs its newest snapshot only (a restart falls back on a full replay without it), an errors
        // queue a report only until the service's next record in its output, an agent's output no restart records (it
        // has no inputs); a copy held here is written by this host's replicator: trimmed like its source.
        if (!config.writtenHere(queue.name()))
            return null;
        java.util.List<Integer> ids = new java.util.ArrayList<>();
        for (ServiceConfig s : config.services().values())
            if (s.output().equals(queue.name()) && s.startFrom() == StartFrom.LAST_WRITTEN)
                s.inputs().forEach(in -> ids.add(config.queues().get(in).sourceId()));
        return new CycleRetention(queue, ids.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Starts trimming {@code built}, the queue this retention listens to, on {@code trims}; trims once now. */
    public void start(ChronicleQueue built, Executor trims) {
        SingleChronicleQueue q = (SingleChronicleQueue) built;
        File dir = queueConfig.path().toFile();
        files = new RollingResourcesCache(q.rollCycle(), q.epoch(), name -> new File(dir, name + SingleChronicleQueue.SUFFIX),
                file -> file.getName().substring(0, file.getName().length() - SingleChronicleQueue.SUFFIX.length()));
        executor = trims;
        queue = q;
        requestTrim();
    }

    @Override
    public void onAcquired(int cycle, File file) {
        boolean rolled;
        synchronized (held) {
            count(cycle, 1);
            rolled = cycle > newestAcquired;
            newestAcquired = Math.max(newestAcquired, cycle);
            if (rolled)
                retrimsLeft = RETRIMS_PER_ROLL;
        }
        if (rolled)
            requestTrim();
    }

    @Override
    public void onReleased(int cycle, File file) {
        boolean unblocked;
        synchronized (held) {
            count(cycle, -1);
            unblocked = cycle == blockedBy && held.getOrDefault(cycle, 0) <= 0;
            if (unblocked) {
                blockedBy = Long.MAX_VALUE;
                retrimsLeft--;
            }
        }
        if (unblocked)
            requestTrim(); // what the last trim had to keep for this holder may go now, before the next roll
    }

    private void count(int cycle, int change) {
        held.merge(cycle, change, (n, d) -> n + d == 0 ? null : n + d);
    }

    private void requestTrim() {
        Executor trims = executor;
        if (trims == null || !trimPending.compareAndSet(false, true))
            return;
        try {
            trims.execute(() -> {
                trimPending.set(false);
                try {
                    trim();
                } catch (RuntimeException e) {
                    LOG.warn("queue '{}' at {}: could not delete old cycle files", queueConfig.name(), queueConfig.path(),
                            e);
                } finally {
                    trimPasses.incrementAndGet();
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // the host is closing: the next start trims
        }
    }

    /** How many trim passes have run to their end (deleting or keeping files); any thread. */
    public long trimPasses() {
        return trimPasses.get();
    }

    /** Deletes what may go; returns how many files were deleted. Runs on the trim executor only. */
    int trim() {
        SingleChronicleQueue q = queue;
        if (q == null || q.isClosed())
            return 0;
        int first = q.firstCycle();
        int last = q.lastCycle();
        if (first == Integer.MAX_VALUE || last < first)
            return 0;
        NavigableSet<Long> cycles = q.listCyclesBetween(first, last);
        if (cycles.size() <= queueConfig.keepCycles())
            return 0;
        long oldestKept = newest(cycles, queueConfig.keepCycles());
        long oldestRecord = oldestRecord(q, last);
        long floor = heldFloor(Math.min(oldestKept, oldestRecord));
        if (LOG.isDebugEnabled())
            LOG.debug("queue '{}': cycles {}, keeping from {} (newest {}: {}, restart records: {}, held here: {})",
                    queueConfig.name(), cycles, floor, queueConfig.keepCycles(), oldestKept, oldestRecord, heldNow());
        int deleted = 0;
        for (long cycle : cycles) {
            if (cycle >= floor)
                break; // ascending
            File file = files.resourceFor(cycle).path;
            try {
                if (Files.deleteIfExists(file.toPath()))
                    deleted++;
            } catch (IOException e) {
                LOG.warn("queue '{}': cannot delete old cycle file {}: {}", queueConfig.name(), file, e.toString());
            }
        }
        if (deleted > 0) {
            q.refreshDirectoryListing();
            LOG.info("queue '{}': deleted {} old cycle file(s), keeping the {} newest", queueConfig.name(), deleted,
                    queueConfig.keepCycles());
        }
        return deleted;
    }

    // The n-th newest cycle: it and the newer ones are kept.
    private static long newest(NavigableSet<Long> cycles, int n) {
        Iterator<Long> newestFirst = cycles.descendingIterator();
        long cycle = Long.MAX_VALUE;
        for (int i = 0; i < n && newestFirst.hasNext(); i++)
            cycle = newestFirst.next();
        return cycle;
    }

    // The oldest cycle to keep, given the floor without holders and the cycles held here; notes a holder that lowers it.
    private long heldFloor(long floor) {
        synchronized (held) {
            long oldestHeld = Long.MAX_VALUE;
            for (var cycle : held.entrySet()) {
                if (cycle.getValue() > 0) {
                    oldestHeld = cycle.getKey();
                    break;
                }
            }
            boolean waitFor = oldestHeld < floor && retrimsLeft > 0;
            blockedBy = waitFor ? oldestHeld : Long.MAX_VALUE;
            return Math.min(floor, oldestHeld);
        }
    }

    // A roll is reported when its file is acquired, before the write that rolled lands in it: read the records after
    // that write, else one of them is a write stale and holds a cycle back until the next roll. Bounded: a writer
    // killed between the two leaves the cycle empty, and a stale record only keeps more.
    private static void awaitFirstWrite(SingleChronicleQueue q, int cycle) {
        long deadline = System.nanoTime() + FIRST_WRITE_WAIT_NANOS;
        while (q.rollCycle().toCycle(q.lastIndex()) < cycle && System.nanoTime() < deadline)
            LockSupport.parkNanos(FIRST_WRITE_POLL_NANOS);
    }

    private String heldNow() {
        synchronized (held) {
            return held.toString();
        }
    }

    // The cycle of the oldest document a restart of a writing service needs: the newest record of each of its inputs.
    private long oldestRecord(SingleChronicleQueue q, int newestCycle) {
        if (recordSourceIds.length == 0)
            return Long.MAX_VALUE;
        awaitFirstWrite(q, newestCycle);
        long oldest = Long.MAX_VALUE;
        for (long index : RestartPoint.recordIndices(q, recordSourceIds))
            if (index != RestartPoint.NONE)
                oldest = Math.min(oldest, q.rollCycle().toCycle(index));
        return oldest;
    }
}
