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
 * {@code -Dcelerity.keepTestQueues} asks to keep a failed test's queues for a look, and then printed.
 */
final class TestQueueDir implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TestQueueDir.class);

    /** The system property that keeps a failed test's queues. */
    static final String KEEP_PROPERTY = "celerity.keepTestQueues";
    /** How the directories start: with this JVM's pid, so a test can tell its own from other builds'. */
    static final String PREFIX = "celerity-yaml-test-" + ProcessHandle.current().pid() + "-";

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
            return new TestQueueDir(Files.createTempDirectory(PREFIX), test);
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

    private static boolean keep() {
        String v = System.getProperty(KEEP_PROPERTY);
        return v != null && !v.equalsIgnoreCase("false");
    }
}
