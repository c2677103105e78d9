package io.celerity.internal.fix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One process at a time on a gateway's state directory: an OS file lock, which a killed process loses at once. Held,
 * it makes the marks a killed predecessor left (the archive's "active" mark file) safe to clear.
 */
final class StateDirLock implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;

    private StateDirLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static StateDirLock take(Path stateDir, String gateway) {
        try {
            Files.createDirectories(stateDir);
            FileChannel channel = FileChannel.open(stateDir.resolve("gateway.lock"), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("fix gateway '" + gateway + "': another process runs on its state "
                        + "directory " + stateDir + "; one gateway process per state directory");
            }
            Files.deleteIfExists(stateDir.resolve("archive").resolve("archive-mark.dat")); // a killed one's, if any
            return new StateDirLock(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("fix gateway '" + gateway + "': cannot lock " + stateDir, e);
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
