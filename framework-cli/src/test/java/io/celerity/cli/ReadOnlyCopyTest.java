package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Cli;
import io.celerity.internal.replication.ThreeHosts;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.host.ServiceHost;
import io.celerity.internal.replication.ReplicationStatusFile;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A copy of another host's queue is read-only wherever a user could write it: {@code celerity send} by name on a host
 * that only holds a copy, or without saying which host it runs on, or to a copy's directory; and a host whose
 * services would write a copy's directory (the whole deployment started on one of its hosts).
 */
class ReadOnlyCopyTest {

    private static final String TICK = "tick: { stream: 1, seq: 1, value: 5 }\n...\n";

    @TempDir
    Path dir;

    @Test
    void sendByNameWritesOnlyOnTheQueuesOwnHost() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), ThreeHosts.YAML);
        Path events = Files.writeString(dir.resolve("ticks.yaml"), TICK);
        String iface = TickIn.class.getName();

        Cli.Result onCopy = Cli.run("send", "out", events.toString(), "--config", yaml.toString(), "--interface", iface,
                "--host", "a");
        assertEquals(1, onCopy.status(), onCopy.out());
        assertTrue(onCopy.err().contains("queue 'out' is written on host 'b'; on host 'a' it is a read-only copy: "
                + "send it on host 'b'"), onCopy.err());
        Cli.Result elsewhere = Cli.run("send", "other", events.toString(), "--config", yaml.toString(), "--interface",
                iface, "--host", "a");
        assertTrue(elsewhere.err().contains("on host 'a' it is not held at all"), elsewhere.err());
        Cli.Result noHost = Cli.run("send", "out", events.toString(), "--config", yaml.toString(), "--interface", iface);
        assertEquals(1, noHost.status());
        assertTrue(noHost.err().contains("give --host NAME (or CELERITY_HOST), the host this machine is; only host 'b' "
                + "may write it"), noHost.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing created");

        Cli.Result onSource = Cli.run("send", "out", events.toString(), "--config", yaml.toString(), "--interface",
                iface, "--host", "b");
        assertEquals(0, onSource.status(), onSource.err());
        assertTrue(onSource.out().startsWith("wrote 1 event(s)"), onSource.out());
    }

    @Test
    void aCopysDirectoryIsNeverWritten() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), ThreeHosts.YAML);
        Path events = Files.writeString(dir.resolve("ticks.yaml"), TICK);
        try (ChronicleQueue out = SingleChronicleQueueBuilder.binary(dir.resolve("out")).build();
             ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir.resolve("in")).build()) {
            // What host b writes while it copies 'in' from host c.
            ReplicationStatusFile.writeAll(CelerityConfig.loadWithoutComponents(yaml), ThreeHosts.hostB(out, in), "running");
        }
        Cli.Result send = Cli.run("send", dir.resolve("in").toString(), events.toString(), "--interface",
                TickIn.class.getName());
        assertEquals(1, send.status(), send.out());
        assertTrue(send.err().contains("is host 'b''s copy of queue 'in', written on host 'c' "
                + "(celerity-replication.status.yaml says so); a copy is read-only: write it on host 'c'"), send.err());

        // The whole deployment, or any other, started where a copy lies: refused before anything is written.
        CelerityConfig whole = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("in", dir.resolve("in"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "in"))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServiceHost.start(whole).close());
        assertTrue(e.getMessage().startsWith("cannot start: queue 'in' would be written here, but "), e.getMessage());
        assertTrue(e.getMessage().contains("a copy is read-only: write it on host 'c'"), e.getMessage());
        try (ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir.resolve("in")).readOnly(true).build()) {
            assertEquals(-1, in.lastIndex(), "nothing written to the copy");
        }
    }
}
