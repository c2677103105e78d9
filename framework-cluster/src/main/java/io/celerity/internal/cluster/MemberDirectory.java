package io.celerity.internal.cluster;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;

/**
 * A cluster member's directory, held by one process at a time through an operating-system lock that dies with it.
 * Holding it proves the previous holder is dead, so the archive's and consensus module's mark files it left are
 * stale: Aeron would refuse them for ten seconds after a kill -9 ("active mark file detected"), and a host restarted
 * at once by its supervisor could not rejoin. They are removed; the log, the votes and the snapshots are kept.
 */
final class MemberDirectory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MemberDirectory.class);
    private static final String LOCK = "member.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private MemberDirectory(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Holds {@code dir} for host {@code host}'s member; refuses it while another live process holds it. */
    static MemberDirectory hold(Path dir, String host) {
        try {
            Files.createDirectories(dir);
            FileChannel channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                channel.close();
                throw new IllegalStateException("cluster member " + host + ": its directory " + dir + " is held by "
                        + "another running process; one process per member");
            }
            removeStaleMarkFiles(dir, host);
            return new MemberDirectory(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cluster member " + host + ": cannot hold its directory " + dir, e);
        }
    }

    private static void removeStaleMarkFiles(Path dir, String host) throws IOException {
        for (Path sub : List.of(dir.resolve("archive"), dir.resolve("cluster"))) {
            if (!Files.isDirectory(sub))
                continue;
            try (Stream<Path> files = Files.list(sub)) {
                for (Path f : files.filter(MemberDirectory::isMarkFile).toList()) {
                    Files.deleteIfExists(f);
                    LOG.info("cluster member {}: removed {}, left by a process that has died", host, f);
                }
            }
        }
    }

    // archive-mark.dat, cluster-mark.dat, cluster-mark-service-0.dat: Aeron's liveness records, not state.
    private static boolean isMarkFile(Path f) {
        String name = f.getFileName().toString();
        return (name.startsWith("archive-mark") || name.startsWith("cluster-mark")) && name.endsWith(".dat");
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            LOG.debug("releasing the member directory: {}", e.toString());
        }
    }
}
