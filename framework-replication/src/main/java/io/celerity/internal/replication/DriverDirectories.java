package io.celerity.internal.replication;

import io.aeron.CommonContext;
import org.agrona.IoUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where embedded media drivers keep their files: one directory per process, in shared memory when the machine has
 * it. A process killed -9 leaves its directory behind (its term buffers, tens to hundreds of MB of memory in
 * /dev/shm), so each new one first removes those of processes no longer alive whose driver has also stopped beating
 * (a pid alone could be another pid namespace's live process, in a container sharing /dev/shm).
 */
public final class DriverDirectories {

    private static final Logger LOG = LoggerFactory.getLogger(DriverDirectories.class);
    static final String PREFIX = "celerity-aeron-";
    /** A driver silent this long is dead by Aeron's own rule: it is the client liveness timeout the hosts use. */
    private static final long SILENT_MS = 60_000;

    private DriverDirectories() {
    }

    /** This process's directory for host {@code host}, after removing those of dead processes. */
    public static Path forThisProcess(String host) {
        Path base = base();
        removeDead(base);
        return base.resolve(PREFIX + host + "-" + ProcessHandle.current().pid());
    }

    static Path base() {
        Path shm = Path.of("/dev/shm");
        return Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir"));
    }

    /** Removes the directories under {@code base} of processes no longer alive; returns how many. */
    static int removeDead(Path base) {
        List<Path> dead;
        try (Stream<Path> dirs = Files.list(base)) {
            dead = dirs.filter(d -> d.getFileName().toString().startsWith(PREFIX) && ownerIsDead(d)
                    && driverStopped(d)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + base, e);
        }
        for (Path d : dead)
            IoUtil.delete(d.toFile(), true); // another new process may be removing it too
        if (!dead.isEmpty())
            LOG.info("removed {} media driver directories of processes no longer running from {}", dead.size(), base);
        return dead.size();
    }

    private static boolean driverStopped(Path dir) {
        try {
            return !CommonContext.isDriverActive(dir.toFile(), SILENT_MS, message -> { });
        } catch (Exception e) { // Aeron may rethrow an IOException unchecked
            return true; // its cnc file cannot be read: removed meanwhile by another host starting, or never whole
        }
    }

    // The pid follows the last '-'; a name not ending in one is not ours to remove.
    private static boolean ownerIsDead(Path dir) {
        String name = dir.getFileName().toString();
        String pid = name.substring(name.lastIndexOf('-') + 1);
        if (pid.isEmpty() || !pid.chars().allMatch(Character::isDigit) || pid.length() > 18)
            return false;
        return ProcessHandle.of(Long.parseLong(pid)).isEmpty();
    }
}
