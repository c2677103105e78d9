package io.celerity.internal.replication;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.Agent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The embedded driver lives and goes with its connection; an external one, named by aeron.dir, outlives it. */
class AeronConnectionTest {

    @TempDir
    Path dir;

    @Test
    void anEmbeddedDriverKeepsItsFilesInItsDirectoryAndRemovesThemAtClose() {
        Path aeronDir = dir.resolve("embedded");
        try (AeronConnection connection = AeronConnection.embedded(aeronDir)) {
            assertEquals(aeronDir.toString(), connection.aeron().context().aeronDirectoryName());
            assertTrue(Files.exists(aeronDir.resolve("cnc.dat")), "the driver's files in " + aeronDir);
        }
        assertFalse(Files.exists(aeronDir), "removed at close");
    }

    /**
     * Aeron closes a client for good whose conductor went unserved past the liveness timeout, here as after a process
     * stopped (SIGSTOP) or paused that long: nothing is copied after, so the host is told, once, to stop (found by
     * review: it went on without copying).
     */
    @Test
    void aDutyCycleStalledPastTheLivenessTimeoutSaysOnceThatTheClientClosedForGood() throws Exception {
        List<String> reasons = new CopyOnWriteArrayList<>();
        try (AeronConnection connection = AeronConnection.invoked(dir.resolve("invoked"), TimeUnit.SECONDS.toNanos(3),
                reasons::add)) {
            Agent dutyCycle = connection.dutyCycle();
            long running = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
            while (System.nanoTime() - running < 0) {
                dutyCycle.doWork();
                Link.sleep(1);
            }
            assertEquals(List.of(), reasons, "nothing to say while served");
            Link.sleep(7_000); // the loop stalls past the timeout
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (reasons.isEmpty() && System.nanoTime() - deadline < 0)
                dutyCycle.doWork();
            for (int i = 0; i < 100; i++)
                dutyCycle.doWork();
            assertTrue(connection.aeron().isClosed(), "closed");
            assertEquals(1, reasons.size(), "told once: " + reasons);
            assertTrue(reasons.get(0).contains("closed for good"), reasons.get(0));
        }
    }

    @Test
    void aDriverNamedByAeronDirIsJoinedAndOutlivesTheConnection() {
        Path external = dir.resolve("external");
        try (MediaDriver driver = MediaDriver.launch(new MediaDriver.Context().aeronDirectoryName(external.toString())
                .threadingMode(ThreadingMode.SHARED).dirDeleteOnStart(true).dirDeleteOnShutdown(true))) {
            String before = System.getProperty("aeron.dir");
            System.setProperty("aeron.dir", external.toString());
            try (AeronConnection connection = AeronConnection.fromSystemProperties(dir.resolve("unused"))) {
                assertEquals(external.toString(), connection.aeron().context().aeronDirectoryName());
                assertFalse(Files.exists(dir.resolve("unused")), "no driver embedded");
            } finally {
                if (before == null)
                    System.clearProperty("aeron.dir");
                else
                    System.setProperty("aeron.dir", before);
            }
            // The driver still serves clients after the connection closed.
            try (AeronConnection again = AeronConnection.external(external.toString())) {
                assertTrue(again.aeron().clientId() >= 0);
            }
        }
    }
}
