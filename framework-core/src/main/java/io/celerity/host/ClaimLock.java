package io.celerity.host;


import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static java.nio.file.StandardOpenOption.CREATE;
import static java.nio.file.StandardOpenOption.READ;
import static java.nio.file.StandardOpenOption.WRITE;

/**
 * An exclusive OS lock ({@code fcntl}) on one file, which names its holder. The kernel drops it when the holding
 * process dies, however it dies, so a killed holder's claim is free at once and a live one's never is.
 */
final class ClaimLock implements AutoCloseable {

    private static final int MAX_HOLDER_BYTES = 64 * 1024;
    // Closing any channel on a file drops all of this process's locks on it: this JVM never opens a file it holds.
    private static final Map<Path, ClaimLock> HELD = new HashMap<>();

    private final Path file;
    private final FileChannel channel;
    private final RunningInstance holder;

    private ClaimLock(Path file, FileChannel channel, RunningInstance holder) {
        this.file = file;
        this.channel = channel;
        this.holder = holder;
    }

    /** The holder another live instance recorded, or null when it has not written it yet. */
    static final class Held extends Exception {
        final transient RunningInstance holder;

        Held(RunningInstance holder) {
            super(null, null, false, false);
            this.holder = holder;
        }
    }

    /** Locks {@code file} (created, with its directory, if missing) and records {@code me} in it. */
    static synchronized ClaimLock take(Path file, RunningInstance me) throws IOException, Held {
        if (!Files.isDirectory(file.getParent())) // createDirectories on one that exists throws and catches inside
            Files.createDirectories(file.getParent());
        Path key = file.getParent().toRealPath().resolve(file.getFileName()); // one key per file, links resolved
        ClaimLock mine = HELD.get(key);
        if (mine != null)
            throw new Held(mine.holder);
        FileChannel channel = FileChannel.open(key, CREATE, READ, WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            // Held in this JVM under another name (a second copy of this class): closing would drop that lock.
            throw new Held(null);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            try (channel) {
                throw new Held(holderIn(channel, key));
            }
        }
        try {
            byte[] text = HolderRecord.toYaml(me).getBytes(StandardCharsets.UTF_8);
            channel.truncate(0); // a dead holder's record goes
            channel.write(ByteBuffer.wrap(text), 0);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        ClaimLock taken = new ClaimLock(key, channel, me);
        HELD.put(key, taken);
        return taken;
    }

    private static RunningInstance holderIn(FileChannel channel, Path file) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) Math.min(channel.size(), MAX_HOLDER_BYTES));
        while (buffer.hasRemaining() && channel.read(buffer, buffer.position()) > 0) {
            // read on until full or at the end
        }
        return HolderRecord.parse(file.toString(), new String(buffer.array(), 0, buffer.position(),
                StandardCharsets.UTF_8));
    }

    /** Releases the lock; its file stays, naming the last holder, and is taken over by the next. Idempotent. */
    @Override
    public void close() {
        synchronized (ClaimLock.class) {
            if (!HELD.remove(file, this))
                return;
            try {
                channel.close(); // drops the lock
            } catch (IOException e) {
                throw new java.io.UncheckedIOException("cannot release the claim " + file, e);
            }
        }
    }
}
