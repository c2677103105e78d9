package io.celerity.internal.replication;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

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
