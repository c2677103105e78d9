package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.fixtures.AvailableDeployment;
import io.celerity.fixtures.TickEcho;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The output of a highly available service is written by whichever of its hosts holds the lease, so its directory
 * saying it was a copy last (the host stood by before it stopped) must not stop either host from starting; an
 * ordinary service's output marked so still does.
 */
class AvailableOutputCopyTest {

    @TempDir
    Path dir;

    @Test
    void theLeaseDecidesWhoWritesAnAvailableOutputNotTheStatusFile() throws Exception {
        String yaml = AvailableDeployment.of("echo", TickEcho.class).yaml(); // primary c, standby b
        Files.createDirectories(dir.resolve("out"));
        Files.writeString(dir.resolve("out/celerity-replication.status.yaml"),
                "queue: out\nhost: c\nrole: sink\nsource: b\n"); // c stood by, b wrote
        Path file = Files.writeString(dir.resolve("services.yaml"), yaml);
        new ReplicationExtension().beforeOpen(CelerityConfig.load(file).onHost("c")); // not refused: the lease decides

        Files.writeString(file, yaml.replace(", standby: b", "")
                .replace("cluster: { members: [ a, b, c ] }\n", "")); // echo, no longer available: refused
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> new ReplicationExtension().beforeOpen(CelerityConfig.load(file).onHost("c")));
        assertTrue(refused.getMessage().contains("a copy is read-only"), refused.getMessage());
    }

    @Test
    void noServiceRunsOnTheReplicationLoop() throws Exception {
        Path file = Files.writeString(dir.resolve("services.yaml"), """
                queues:
                  in: { path: in }
                  out: { path: out }
                services:
                  echo: { implClass: %s, inputs: [ in ], output: out, eventLoop: %s }
                """.formatted(TickEcho.class.getName(), ReplicationExtension.LOOP));
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file));
        assertTrue(e.getMessage().contains("loop '" + ReplicationExtension.LOOP + "' copies queues between hosts"),
                e.getMessage()); // the configuration's check keeps its own copy of the extension's loop name
    }
}
