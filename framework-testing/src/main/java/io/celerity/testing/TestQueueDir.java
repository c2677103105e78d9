package io.celerity.testing;

import net.openhft.chronicle.core.io.IOTools;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The temporary directory of one QUEUE or RESTART run's queues: deleted when the test ends, passed or failed, unless
 * {@code -Dcelerity.keepTestQueues} asks to keep a failed test's queues for a look, and then printed. It lies in
 * memory ({@code /dev/shm}) where the machine has one with room to spare: the first write to each page of a fresh
 * cycle file on a disk's file system costs a page fault with read-ahead (milliseconds per test), and a test's queues
 * live no longer than the test. {@code -Dcelerity.testQueueRoot} names another place.
 */
final class TestQueueDir implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TestQueueDir.class);

    /** The system property that keeps a failed test's queues. */
    static final String KEEP_PROPERTY = "celerity.keepTestQueues";
    /** How the directories start: with this JVM's pid, so a test can tell its own from other builds'. */
    static final String PREFIX = "celerity-yaml-test-" + ProcessHandle.current().pid() + "-";
    /** The system property naming where the directories go. */
    static final String ROOT_PROPERTY = "celerity.testQueueRoot";
    private static final Path SHARED_MEMORY = Path.of("/dev/shm");
    private static final long SHARED_MEMORY_ROOM = 1L << 30; // a small container's /dev/shm (64 MiB) is not used
    /** Where the directories go. */
    static final Path ROOT = root();

    private final Path path;
    private final String test;
    private boolean failed;

    private TestQueueDir(Path path, String test) {
        this.path = path;
        this.test = test;
    }

    /** @param test names the test when its queues are kept */
    static TestQueueDir create(String test) {
        try {
            return new TestQueueDir(Files.createTempDirectory(ROOT, PREFIX), test);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path path() {
        return path;
    }

    /** Marks the test failed, so its queues are kept if asked. */
    void failed() {
        failed = true;
    }

    @Override
    public void close() {
        if (failed && keep()) {
            // Printed, not logged: the user asked where the queues are.
            LOG.warn("{}: kept the queues of failed test '{}' in {}", KEEP_PROPERTY, test, path);
            return;
        }
        if (!IOTools.deleteDirWithFiles(path.toFile()) && Files.exists(path))
            throw new IllegalStateException("could not delete the test queues in " + path);
    }

    private static Path root() {
        String asked = System.getProperty(ROOT_PROPERTY);
        if (asked != null)
            return Path.of(asked);
        try {
            if (Files.isDirectory(SHARED_MEMORY) && Files.isWritable(SHARED_MEMORY)
                    && Files.getFileStore(SHARED_MEMORY).getUsableSpace() >= SHARED_MEMORY_ROOM)
                return SHARED_MEMORY;
        } catch (IOException e) {
            // no such store here: the temporary directory serves
        }
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static boolean keep() {
        String v = System.getProperty(KEEP_PROPERTY);
        return v != null && !v.equalsIgnoreCase("false");
    }
}
