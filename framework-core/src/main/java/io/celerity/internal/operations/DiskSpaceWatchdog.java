package io.celerity.internal.operations;

import io.celerity.config.QueueConfig;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Keeps a host off full file systems. Chronicle grows queue files sparsely and writes them through memory maps, so a
 * full file system is not an error on write but a fault (SIGBUS) in the middle of a message; this watchdog instead
 * stops the host, between messages, while every queue's file system still has {@code minFreeSpace} usable.
 */
public final class DiskSpaceWatchdog implements AutoCloseable {

    /** How often a running host checks; {@code minFreeSpace} must exceed what the host writes in this time. */
    static final long PERIOD_MILLIS = 100;

    private final List<QueueConfig> queues;
    private final long minFreeSpace;
    private volatile ScheduledFuture<?> watching;

    public DiskSpaceWatchdog(Collection<QueueConfig> queues, long minFreeSpace) {
        this.queues = List.copyOf(queues);
        this.minFreeSpace = minFreeSpace;
    }

    /** Null when every queue's file system has at least {@code minFreeSpace} usable; otherwise the first shortfall. */
    public String shortfall() {
        if (minFreeSpace == 0)
            return null;
        for (QueueConfig q : queues) {
            try {
                long usable = usableSpace(q);
                if (usable < minFreeSpace)
                    return "queue '" + q.name() + "' at " + q.path() + ": " + megabytes(usable) + " usable, below "
                            + "minFreeSpace " + megabytes(minFreeSpace);
            } catch (IOException e) {
                return "queue '" + q.name() + "' at " + q.path() + ": cannot read the usable space (" + e + ")";
            }
        }
        return null;
    }

    /** Checks every {@link #PERIOD_MILLIS} ms on the {@link Housekeeping} thread; the first shortfall goes to stop. */
    public void watch(Consumer<String> stop) {
        if (minFreeSpace == 0)
            return;
        watching = Housekeeping.thread().scheduleAtFixedRate(() -> {
            String shortfall = shortfall();
            if (shortfall != null) {
                close(); // once is enough: the host is stopping
                stop.accept(shortfall);
            }
        }, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        ScheduledFuture<?> w = watching;
        if (w != null)
            w.cancel(false);
    }

    // One statvfs call on the queue's directory: Files.getFileStore reads the whole mount table (0.2 ms of a host's
    // start on this project's VM). 0 is also File's answer to an error: then the file store is asked, for the error.
    private static long usableSpace(QueueConfig q) throws IOException {
        Path dir = existingAncestor(q.path().toAbsolutePath());
        long usable = dir.toFile().getUsableSpace();
        return usable > 0 ? usable : Files.getFileStore(dir).getUsableSpace();
    }

    private static Path existingAncestor(Path p) {
        while (p.getParent() != null && !Files.exists(p))
            p = p.getParent();
        return p;
    }

    private static String megabytes(long bytes) {
        return String.format("%.1f MB", bytes / 1048576.0);
    }
}
