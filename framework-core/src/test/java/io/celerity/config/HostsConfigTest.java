package io.celerity.config;

import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A deployment over several hosts: queues say where they are written and copied, services run where their output is
 * written; every mistake refused naming file, line, entry and key.
 */
class HostsConfigTest {

    @TempDir
    Path dir;

    private static final String HOSTS = """
            hosts:
              a: { address: 192.0.2.1, port: 40100 }
              b: { address: 192.0.2.2, port: 40100 }
              c: { address: 192.0.2.3, port: 40100 }
            """;

    /** A source agent on host a, an echo on host b reading its copy, the echo's answers copied back to a and to c. */
    private static String deployment(String ticks, String out, String extraEcho) {
        return HOSTS + "queues:\n  ticks: { path: q/ticks" + ticks + " }\n  out: { path: q/out" + out + " }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n" + extraEcho
                + "agents:\n  source:\n    implClass: " + TickSource.class.getName() + "\n    output: ticks\n";
    }

    private static final String GOOD = deployment(", host: a, replicas: [ b ], acks: 1",
            ", host: b, replicas: [ a, c ]", "");

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("services.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void readsHostsAndWhereEachQueueIsWrittenAndCopied() throws IOException {
        CelerityConfig config = CelerityConfig.load(write(GOOD));
        assertEquals(new HostConfig("b", "192.0.2.2", 40100), config.hosts().get("b"));
        assertEquals("192.0.2.1:40100", config.hosts().get("a").endpoint());
        assertEquals(new Replication("a", List.of("b"), 1), config.queues().get("ticks").replication());
        assertEquals(new Replication("b", List.of("a", "c"), 0), config.queues().get("out").replication());
        assertNull(config.thisHost());
    }

    @Test
    void eachHostRunsWhatWritesThereAndHoldsWhatIsWrittenOrCopiedThere() throws IOException {
        CelerityConfig config = CelerityConfig.load(write(GOOD));
        CelerityConfig a = config.onHost("a");
        assertEquals("a", a.thisHost());
        assertEquals(List.of(), List.copyOf(a.services().keySet()));
        assertEquals(List.of("source"), List.copyOf(a.agents().keySet()));
        assertEquals(List.of("ticks", "out"), List.copyOf(a.queues().keySet()), "its own queue and the copy of out");
        CelerityConfig b = config.onHost("b");
        assertEquals(List.of("echo"), List.copyOf(b.services().keySet()));
        assertEquals(List.of(), List.copyOf(b.agents().keySet()));
        assertEquals(List.of("ticks", "out"), List.copyOf(b.queues().keySet()));
        CelerityConfig c = config.onHost("c");
        assertTrue(c.services().isEmpty() && c.agents().isEmpty(), "c only holds a copy");
        assertEquals(List.of("out"), List.copyOf(c.queues().keySet()));
        assertEquals(config.hosts(), c.hosts(), "every host knows every other's endpoint");
        ConfigException e = assertThrows(ConfigException.class, () -> config.onHost("d"));
        assertTrue(e.getMessage().contains("host 'd'") && e.getMessage().contains("[a, b, c]"), e.getMessage());
    }

    @Test
    void aDeploymentOnOneMachineHasNoHosts() throws IOException {
        Path file = write("queues:\n  ticks: { path: q/ticks }\n  out: { path: q/out }\nservices:\n  echo:\n"
                + "    implClass: " + TickEcho.class.getName() + "\n    inputs: [ ticks ]\n    output: out\n");
        CelerityConfig config = CelerityConfig.load(file);
        assertTrue(config.hosts().isEmpty());
        assertNull(config.queues().get("ticks").replication());
        ConfigException e = assertThrows(ConfigException.class, () -> config.onHost("a"));
        assertTrue(e.getMessage().contains("declares no hosts"), e.getMessage());
    }

    @Test
    void refusesQueuesPlacedWrongly() throws IOException {
        rejected(deployment("", ", host: b", ""), "queue 'ticks'", "host", "missing", "spans hosts [a, b, c]");
        rejected(deployment(", host: x", ", host: b", ""), "queue 'ticks'", "host", "unknown host 'x'");
        rejected(deployment(", host: a, replicas: [ b, x ]", ", host: b", ""), "queue 'ticks'", "replicas",
                "unknown host 'x'");
        rejected(deployment(", host: a, replicas: [ a ]", ", host: b", ""), "queue 'ticks'", "replicas",
                "writes the queue");
        rejected(deployment(", host: a, replicas: [ b, b ]", ", host: b", ""), "queue 'ticks'", "replicas",
                "named twice");
        rejected(deployment(", host: a, replicas: [ b ], acks: 2", ", host: b", ""), "queue 'ticks'", "acks",
                "2 is out of range", "(1)");
        rejected(deployment(", replicas: [ b ]", ", host: b", ""), "queue 'ticks'", "host", "missing");
        rejected("queues:\n  ticks: { path: q/ticks, host: a }\n  out: { path: q/out }\nservices:\n  echo:\n"
                + "    implClass: " + TickEcho.class.getName() + "\n    inputs: [ ticks ]\n    output: out\n",
                "queue 'ticks'", "host", "no hosts are declared");
    }

    @Test
    void refusesHostsWithoutAUsableEndpoint() throws IOException {
        rejected(GOOD.replace("b: { address: 192.0.2.2, port: 40100 }", "b: { address: 192.0.2.2 }"), "host 'b'",
                "port", "missing; expected the UDP port");
        rejected(GOOD.replace("port: 40100 }\n  c:", "port: 70000 }\n  c:"), "host 'b'", "port", "70000 is out of range");
        rejected(GOOD.replace("192.0.2.2", "192.0.2.1"), "host 'b'", "port", "is also host 'a''s");
        rejected(GOOD.replace("b: { address: 192.0.2.2, port: 40100 }", "b: { port: 40100 }"), "host 'b'",
                "address", "missing");
    }

    @Test
    void aServiceRunsWhereItsOutputIsWrittenAndReadsOnlyWhatIsThere() throws IOException {
        rejected(deployment(", host: a", ", host: b", ""), "service 'echo'", "inputs",
                "written on host 'a' and not copied to host 'b'", "expected 'b' among the queue's replicas");
        String errorsOnA = deployment(", host: a, replicas: [ b ]", ", host: b", "    errors: errs\n")
                .replace("  out: { path: q/out, host: b }\n", "  out: { path: q/out, host: b }\n"
                        + "  errs: { path: q/errs, host: a }\n");
        rejected(errorsOnA, "service 'echo'", "errors", "written on host 'a'", "a copy of a queue is read-only");
        String snapshotsOnA = deployment(", host: a, replicas: [ b ]", ", host: b",
                "    rebuildState: REPLAY_INPUTS\n    snapshot: { queue: snaps, method: writeCounts, everyInputs: 10 }\n")
                .replace(TickEcho.class.getName(), SnapshottingCounter.class.getName())
                .replace("  out: { path: q/out, host: b }\n", "  out: { path: q/out, host: b }\n"
                        + "  snaps: { path: q/snaps, host: a, replicas: [ b ] }\n");
        rejected(snapshotsOnA, "service 'echo'", "snapshot.queue", "queue 'snaps' is written on host 'a'",
                "this service runs on host 'b'", "a copy of a queue is read-only");
    }

    /** The echo highly available: primary b (where out is written), standby c, a cluster of the three hosts. */
    private static String highlyAvailable(String cluster, String ticks, String out, String echo) {
        return deployment(ticks, out, "    standby: c\n" + echo).replace("queues:\n", cluster + "queues:\n");
    }

    private static final String CLUSTER = "cluster: { members: [ a, b, c ], port: 40500 }\n";
    private static final String HA = highlyAvailable(CLUSTER, ", host: a, replicas: [ b, c ]",
            ", host: b, replicas: [ a, c ]", "");

    @Test
    void aHighlyAvailableServiceRunsOnItsPrimaryAndItsStandby() throws IOException {
        CelerityConfig config = CelerityConfig.load(write(HA));
        assertEquals(List.of("a", "b", "c"), config.cluster().members());
        assertEquals(40500, config.cluster().port());
        assertEquals(dir.resolve("cluster").resolve("b"), config.cluster().memberDir("b"));
        assertEquals("c", config.services().get("echo").standby());
        assertEquals(List.of("echo"), List.copyOf(config.onHost("b").services().keySet()));
        assertEquals(List.of("echo"), List.copyOf(config.onHost("c").services().keySet()), "the standby runs it too");
        assertEquals(config.cluster(), config.onHost("a").cluster(), "every host knows the cluster");
        assertTrue(config.onHost("a").services().isEmpty());
    }

    /** Refused at the line holding the key, naming the file, line, entry, key and what was expected. */
    private void rejected(String yaml, String entry, String key, String... words) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file), yaml);
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": " + entry), e.getMessage());
        assertTrue(yaml.lines().toList().get(e.line() - 1).contains(key.substring(key.lastIndexOf('.') + 1) + ":")
                        || yaml.lines().toList().get(e.line() - 1).contains(entry.split("'")[1] + ":"),
                "line " + e.line() + " does not hold the key: " + e.getMessage());
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
    }
}
