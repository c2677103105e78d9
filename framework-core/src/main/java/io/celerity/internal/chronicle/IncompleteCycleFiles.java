package io.celerity.internal.chronicle;

import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.TableStoreWriteLock;
import net.openhft.chronicle.threads.YieldingPauser;
import net.openhft.chronicle.wire.UnrecoverableTimeoutException;
import net.openhft.chronicle.wire.Wires;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Moves aside the cycle files of a queue whose first header was never completed. A writer killed while it created a
 * cycle file leaves one behind: it holds no document, yet Chronicle Queue counts it as the queue's last cycle, so a
 * tailer's {@code toEnd()} throws {@code NotReachedException} and every other look at that cycle waits 10 s for the
 * header. Chronicle repairs such a file itself only when an appender writes that same cycle again, after that wait.
 * <p>A file being created looks the same, so the queue's write lock, which Chronicle's appenders hold while they
 * create a cycle file, is held while the files are looked at. A tailer of another process that saw a file just before
 * it was moved aside may map a new, empty one (Chronicle's own discarding has the same race); only processes sharing
 * the queue's directory can do that.
 */
public final class IncompleteCycleFiles {

    private static final Logger LOG = LoggerFactory.getLogger(IncompleteCycleFiles.class);
    private static final long LOCK_TIMEOUT_MS = 15_000; // as Chronicle's appenders wait for it by default

    private IncompleteCycleFiles() {
    }

    /** Renames each incomplete cycle file of {@code queue} to Chronicle's discard name; returns the new names. */
    public static List<Path> moveAside(SingleChronicleQueue queue) {
        try (TableStoreWriteLock lock = new TableStoreWriteLock(queue.metaStore(), () -> new YieldingPauser(500_000),
                LOCK_TIMEOUT_MS)) {
            lock.lock(); // opening the queue released it if a writer died holding it
            try {
                List<Path> moved = moveAside(queue.file().toPath());
                if (!moved.isEmpty())
                    queue.refreshDirectoryListing(); // the queue's last cycle is the last complete one again
                return moved;
            } finally {
                lock.unlock();
            }
        } catch (UnrecoverableTimeoutException e) {
            throw new IllegalStateException("cannot check the cycle files of queue " + queue.file() + ": a live "
                    + "holder (pid in the cause) has held its write lock for " + LOCK_TIMEOUT_MS / 1000 + " s", e);
        }
    }

    private static List<Path> moveAside(Path queueDir) {
        List<Path> moved = new ArrayList<>();
        if (!Files.isDirectory(queueDir))
            return moved;
        try (DirectoryStream<Path> files = Files.newDirectoryStream(queueDir, "*" + SingleChronicleQueue.SUFFIX)) {
            for (Path file : files)
                if (!headerComplete(file))
                    moved.add(discard(file));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot check the cycle files of queue " + queueDir + ": " + e, e);
        }
        return moved;
    }

    private static Path discard(Path file) throws IOException {
        // Chronicle's own name for a cycle file it gave up on: its directory listing no longer counts it
        Path aside = file.resolveSibling(file.getFileName() + "-" + System.currentTimeMillis()
                + SingleChronicleQueue.DISCARD_FILE_SUFFIX);
        Files.move(file, aside);
        LOG.warn("cycle file {} was left with no complete header (its writer stopped while creating it), so it holds "
                + "no message: moved aside to {}", file, aside.getFileName());
        return aside;
    }

    private static boolean headerComplete(Path file) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(Integer.BYTES).order(ByteOrder.nativeOrder()); // as Chronicle maps it
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            while (header.hasRemaining() && channel.read(header) >= 0) {
                // a short read of a local file: read on until four bytes or its end
            }
        }
        return !header.hasRemaining() && Wires.isReady(header.getInt(0));
    }
}
