package io.celerity.config;

import io.celerity.fixtures.LimitedEcho;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.SmallFileSystem;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickOut;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every mistake is reported with the file, the line, the entry and the key, and says what was expected. */
class ConfigValidationTest {

    private static final String ECHO = TickEcho.class.getName();

    @TempDir
    Path dir;

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("services.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static String queues() {
        return "queues:\n  in: { path: q/in }\n  out: { path: q/out }\n";
    }

    private static String service(String body) {
        return "services:\n  echo:\n" + body;
    }

    private static String echo() {
        return service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n");
    }

    /**
     * Loads {@code yaml} from a file, expecting it refused at the line that holds the key (or, for a missing key, the
     * entry): the message starts {@code <file>:<line>: <entry>}.
     */
    private ConfigException rejected(String yaml, String entry, String key, String... expectedWords) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file));
        assertEquals(file.toString(), e.source(), e.getMessage());
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(e.line() > 0, "no line in: " + e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": " + entry), e.getMessage());
        String atLine = yaml.lines().toList().get(e.line() - 1);
        String name = entry.contains("'") ? entry.substring(entry.indexOf('\'') + 1, entry.lastIndexOf('\'')) : "-";
        // A missing key is reported at the key that should hold it (e.g. snapshot for snapshot.everyInputs) or its entry.
        boolean located = atLine.contains(name + ":");
        for (String part : key == null ? new String[0] : key.split("\\."))
            located |= atLine.contains(part + ":");
        assertTrue(located, "line " + e.line() + " '" + atLine + "' holds neither the key nor the entry of: "
                + e.getMessage());
        for (String w : expectedWords)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
        return e;
    }

    @Test
    void aValidFileIsReadCompletely() throws IOException {
        Path file = write("hostId: 7\n" + queues() + "  more: { path: q/more, rollCycle: FAST_HOURLY, sourceId: 42 }\n"
                + "eventLoops:\n  core: { pauser: BUSY, affinity: any }\n"
                + service("    implClass: " + Recorder.class.getName() + "\n    inputs: [ in, more ]\n    output: out\n"
                + "    startFrom: START\n    eventLoop: core\n    timer: { method: onTimer, period: 250us }\n")
                + "  limited:\n    implClass: " + LimitedEcho.class.getName() + "\n    inputs: [ out ]\n"
                + "    output: more\n    settings: { maxValue: 5, label: five }\n");
        CelerityConfig c = CelerityConfig.load(file);
        assertEquals(7, c.hostId());
        assertEquals(dir.resolve("q/more"), c.queues().get("more").path());
        assertEquals("FAST_HOURLY", c.queues().get("more").rollCycle());
        assertEquals(42, c.queues().get("more").sourceId());
        assertEquals(QueueConfig.DEFAULT_ROLL_CYCLE, c.queues().get("in").rollCycle());
        assertEquals(new EventLoopConfig("core", PauserType.BUSY, Affinity.ANY), c.eventLoops().get("core"));
        assertEquals(ServiceConfig.of("echo", Recorder.class, List.of("in", "more"), "out")
                .withStartFrom(StartFrom.START).withEventLoop("core")
                .withTimer("onTimer", Duration.ofNanos(250_000)), c.services().get("echo"));
        assertEquals(EventLoopConfig.of(EventLoopConfig.DEFAULT_NAME), c.eventLoops().get("default"),
                "the implicit loop of a service naming none");
        assertEquals(5L, ((Number) c.services().get("limited").settings().get("maxValue")).longValue());
    }

    @Test
    void unknownKey() throws IOException {
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                + "    startsFrom: START\n"), "service 'echo'", "startsFrom", "unknown key", "startFrom");
        rejected(queues().replace("{ path: q/in }", "{ path: q/in, roll: DAILY }"), "queue 'in'", "roll",
                "expected one of [path, rollCycle, sourceId, keepCycles, sync, events, host, replicas, acks, encryptionKey]");
        rejected("hostid: 3\n" + queues(), "top level", "hostid", "hostId");
    }

    @Test
    void encryptionNeedsAKeyNameAndKeysFromAStoreWithAPasswordSourceOrAProvider() throws IOException {
        String service = service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n");
        String keys = "keys: { store: keys.p12, passwordEnv: KEYS_PASSWORD }\n";
        rejected(queues().replace("{ path: q/in }", "{ path: q/in, encryptionKey: orders }") + service,
                "queue 'in'", "encryptionKey", "no keys configured", "'keys' section");
        rejected(keys + queues().replace("{ path: q/in }", "{ path: q/in, encryptionKey: 'orders key' }") + service,
                "queue 'in'", "encryptionKey", "'orders key' is not a key name", "NAME.1");
        rejected("keys: { store: keys.p12, passwordEnv: P, provider: com.example.Kms }\n" + queues() + service,
                "top level", "keys.provider", "not both");
        rejected("keys: { store: keys.p12 }\n" + queues() + service, "top level", "keys.passwordEnv",
                "passwordFile", "never the password itself");
        rejected("keys: { store: keys.p12, password: secret }\n" + queues() + service, "top level", "keys.password",
                "unknown key", "passwordEnv");
        CelerityConfig c = CelerityConfig.load(write(keys
                + queues().replace("{ path: q/in }", "{ path: q/in, encryptionKey: orders }") + service));
        assertEquals("orders", c.queues().get("in").encryptionKey());
        assertEquals(new KeysConfig(dir.resolve("keys.p12"), "KEYS_PASSWORD", null, null), c.keys());
    }

    @Test
    void missingField() throws IOException {
        rejected(queues() + service("    inputs: [ in ]\n    output: out\n"), "service 'echo'", "implClass",
                "missing", "class name");
        rejected(queues() + service("    implClass: " + ECHO + "\n    output: out\n"), "service 'echo'", "inputs",
                "missing", "list of queue names");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n"), "service 'echo'", "output",
                "missing");
        rejected("queues:\n  in: { rollCycle: FAST_DAILY }\n", "queue 'in'", "path", "missing", "directory");
    }

    @Test
    void theReplicationLoopIsTheFrameworks() throws IOException {
        rejected(queues() + "eventLoops:\n  replication: { pauser: BUSY }\n" + service("    implClass: " + ECHO
                        + "\n    inputs: [ in ]\n    output: out\n    eventLoop: replication\n"),
                "service 'echo'", "eventLoop", "loop 'replication' copies queues between hosts", "another loop");
    }

    @Test
    void unknownQueueName() throws IOException {
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ inn ]\n    output: out\n"),
                "service 'echo'", "inputs", "unknown queue 'inn'", "expected one of [in, out]");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: outt\n"),
                "service 'echo'", "output", "unknown queue 'outt'");
    }

    @Test
    void implementationClassNotFound() throws IOException {
        rejected(queues() + service("    implClass: com.example.Missing\n    inputs: [ in ]\n    output: out\n"),
                "service 'echo'", "implClass", "'com.example.Missing' not found", "classpath");
    }

    @Test
    void implementationClassWithoutInputInterface() throws IOException {
        rejected(queues() + service("    implClass: io.celerity.fixtures.NotAComponent\n    inputs: [ in ]\n"
                + "    output: out\n"), "service 'echo'", "implClass", "implements no input interface");
    }

    @Test
    void noUsableConstructor() throws IOException {
        rejected(queues() + service("    implClass: io.celerity.fixtures.NoUsableConstructor\n    inputs: [ in ]\n"
                + "    output: out\n"), "service 'echo'", "implClass", "no usable constructor", "output interface");
    }

    @Test
    void duplicateNames() throws IOException {
        rejected(queues() + "  in: { path: q/in2 }\n", "queue 'in'", null, "given twice");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n")
                + "  echo: { implClass: " + ECHO + ", inputs: [ in ], output: out }\n", "service 'echo'", null,
                "given twice");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                + "    output: in\n"), "service 'echo'", "output", "given twice");
    }

    @Test
    void twoServicesWithTheSameSourceIdOnOneQueue() throws IOException {
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n")
                        + "  echo2: { implClass: " + ECHO + ", inputs: [ in ], output: out }\n",
                "service 'echo2'", "inputs", "'echo' and 'echo2'", "same source id", "queue 'out'");
        rejected("queues:\n  in: { path: q/in, sourceId: 5 }\n  out: { path: q/out, sourceId: 5 }\n",
                "queue 'out'", "sourceId", "already used by queue 'in'");
    }

    @Test
    void aControlQueueAndASyncPolicyAreRead() throws IOException {
        CelerityConfig c = CelerityConfig.load(write(queues() + "  fixes: { path: q/fixes, sync: sync }\n"
                + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    control: fixes\n    output: out\n")));
        assertEquals("fixes", c.services().get("echo").control());
        assertEquals(List.of("in", "fixes"), c.services().get("echo").readQueues());
        assertEquals(SyncPolicy.SYNC, c.queues().get("fixes").sync());
        assertEquals(SyncPolicy.NONE, c.queues().get("in").sync());
    }

    @Test
    void badControlQueue() throws IOException {
        String echo = "    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n";
        rejected(queues() + service(echo + "    control: fixes\n"), "service 'echo'", "control",
                "unknown queue 'fixes'", "expected one of [in, out]");
        rejected(queues() + service(echo + "    control: in\n"), "service 'echo'", "control",
                "also listed in inputs [in]", "read only as the control input");
        rejected(queues() + service(echo + "    control: [ out ]\n"), "service 'echo'", "control",
                "expected a single value");
        rejected(queues() + "  fixes: { path: q/fixes }\n" + service(echo)
                        + "  echo2: { implClass: " + ECHO + ", inputs: [ fixes ], control: in, output: out }\n",
                "service 'echo2'", "control", "'echo' and 'echo2'", "same source id", "(queue 'in')");
    }

    @Test
    void badSyncPolicy() throws IOException {
        rejected(queues().replace("{ path: q/out }", "{ path: q/out, sync: ALWAYS }"), "queue 'out'", "sync",
                "'ALWAYS' is not valid", "[NONE, ASYNC, SYNC]");
    }

    @Test
    void unwritablePath() throws IOException {
        Files.writeString(dir.resolve("a-file"), "not a directory");
        rejected("queues:\n  in: { path: a-file/in }\n", "queue 'in'", "path", "not writable", "not a directory");
    }

    @Test
    void aReadOnlyFileSystemIsNamedWithTheQueue() throws Exception {
        try (SmallFileSystem readOnly = SmallFileSystem.mount(dir.resolve("ro"), "ro,size=1m")) {
            rejected("queues:\n  in: { path: ro/in }\n", "queue 'in'", "path", "'" + dir.resolve("ro/in") + "' is not "
                    + "writable", readOnly.dir() + " is read-only");
        }
    }

    @Test
    void minFreeSpaceIsASize() throws IOException {
        assertEquals(CelerityConfig.DEFAULT_MIN_FREE_SPACE, CelerityConfig.load(write(queues() + echo())).minFreeSpace());
        assertEquals(64L << 20, CelerityConfig.load(write("minFreeSpace: 64MB\n" + queues() + echo())).minFreeSpace());
        assertEquals(0, CelerityConfig.load(write("minFreeSpace: 0\n" + queues() + echo())).minFreeSpace());
        rejected("minFreeSpace: 1.5GB\n" + queues(), "top level", "minFreeSpace", "'1.5GB' is not a size",
                "KB, MB or GB");
    }

    @Test
    void keepCyclesIsRefusedWhereAStateRebuildNeedsEveryCycle() throws IOException {
        assertEquals(24, CelerityConfig.load(write(queues().replace("{ path: q/out }", "{ path: q/out, keepCycles: 24 }")
                + echo())).queues().get("out").keepCycles());
        rejected(queues().replace("{ path: q/out }", "{ path: q/out, keepCycles: -1 }"), "queue 'out'", "keepCycles",
                "-1 is negative");
        rejected(queues().replace("{ path: q/in }", "{ path: q/in, keepCycles: 24 }")
                        + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                        + "    rebuildState: REPLAY_INPUTS\n"), "queue 'in'", "keepCycles",
                "service 'echo' rebuilds its state", "expected no keepCycles on [in, out]");
    }

    @Test
    void badSnapshotsAndOutputReplays() throws IOException {
        String snapshotQueue = queues() + "  snaps: { path: q/snaps }\n";
        String counter = "    implClass: " + SnapshottingCounter.class.getName() + "\n    inputs: [ in ]\n    output: out\n";
        String replayInputs = counter + "    rebuildState: REPLAY_INPUTS\n";
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: snapz, method: writeCounts, "
                + "everyInputs: 10 }\n"), "service 'echo'", "snapshot.queue", "unknown queue 'snapz'");
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: in, method: writeCounts, "
                + "everyInputs: 10 }\n"), "service 'echo'", "snapshot.queue", "also read or written by service 'echo'");
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: snaps, method: writeCount, "
                + "everyInputs: 10 }\n"), "service 'echo'", "snapshot.method", "no public method void writeCount");
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: snaps, method: writeCounts }\n"),
                "service 'echo'", "snapshot.everyInputs", "at least one");
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: snaps, method: writeCounts, "
                + "period: never }\n"), "service 'echo'", "snapshot.period", "not a period");
        rejected(snapshotQueue + service(replayInputs + "    snapshot: { queue: snaps, method: writeCounts, "
                + "every: 10 }\n"), "service 'echo'", "snapshot.every", "unknown key");
        rejected(snapshotQueue + service(counter + "    snapshot: { queue: snaps, method: writeCounts, "
                + "everyInputs: 10 }\n"), "service 'echo'", "snapshot", "rebuildState is NONE");
        rejected(queues() + service("    implClass: " + TickCounter.class.getName() + "\n    inputs: [ in ]\n"
                + "    output: out\n    rebuildState: REPLAY_OUTPUTS\n"), "service 'echo'", "rebuildState",
                "implements none of its output interfaces [TickOut]");
        rejected(queues() + service(counter + "    rebuildState: REPLAY_OUTPUTS\n")
                        + "  other:\n    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n",
                "service 'echo'", "output", "service 'other' writes to queue 'out' too");
        rejected(queues().replace("{ path: q/out }", "{ path: q/out, keepCycles: 3 }")
                + service(counter + "    rebuildState: REPLAY_OUTPUTS\n"), "queue 'out'", "keepCycles", "REPLAY_OUTPUTS");
        rejected(queues() + service("    implClass: " + OnlyItsOutput.class.getName() + "\n    inputs: [ in ]\n"
                + "    output: out\n    rebuildState: REPLAY_OUTPUTS\n"), "service 'echo'", "implClass",
                "no input interface besides [TickOut]");
    }

    /** Implements only its output interface: with REPLAY_OUTPUTS, it would have no input left. */
    public static final class OnlyItsOutput implements TickOut {
        public OnlyItsOutput(TickOut out) {
        }

        @Override
        public void echoed(Tick tick) {
        }
    }

    @Test
    void badValues() throws IOException {
        rejected(queues() + "eventLoops:\n  core: { pauser: SPINNING }\n", "event loop 'core'", "pauser",
                "'SPINNING' is not valid", "BUSY");
        rejected(queues() + "eventLoops:\n  core: { affinity: some }\n", "event loop 'core'", "affinity",
                "NONE, ANY or a CPU number");
        rejected(queues().replace("{ path: q/in }", "{ path: q/in, rollCycle: BLUE_MOON }"), "queue 'in'", "rollCycle",
                "unknown roll cycle 'BLUE_MOON'");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                + "    eventLoop: fast\n"), "service 'echo'", "eventLoop", "unknown event loop 'fast'");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: in\n    output: out\n"),
                "service 'echo'", "inputs", "not a list");
        rejected("hostId: 100\n" + queues(), "top level", "hostId", "0-99");
        rejected(queues().replace("{ path: q/in }", "{ path: q/in, sourceId: 9999999999 }"), "queue 'in'", "sourceId",
                "out of range");
        rejected(queues() + service("    implClass: " + Recorder.class.getName() + "\n    inputs: [ in ]\n"
                + "    output: out\n    timer: { method: onTimer, period: soon }\n"), "service 'echo'", "timer.period",
                "ns, us, ms, s or m");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                + "    timer: { method: onTick, period: 1s }\n"), "service 'echo'", "timer", "no public method");
    }

    @Test
    void badSettings() throws IOException {
        String limited = "    implClass: " + LimitedEcho.class.getName() + "\n    inputs: [ in ]\n    output: out\n";
        rejected(queues() + service(limited + "    settings: { maxValu: 3 }\n"), "service 'echo'", "settings.maxValu",
                "unknown setting 'maxValu'", "[label, maxValue]");
        rejected(queues() + service(limited + "    settings: { maxValue: lots }\n"), "service 'echo'",
                "settings.maxValue", "does not fit", "expected a number");
        rejected(queues() + service("    implClass: " + ECHO + "\n    inputs: [ in ]\n    output: out\n"
                + "    settings: { x: 1 }\n"), "service 'echo'", "settings", "no constructor");
    }

    @Test
    void theBuilderValidatesToo() {
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "nowhere"))
                .build());
        assertEquals("builder: service 'echo', key 'output': unknown queue 'nowhere'; expected one of [in]",
                e.getMessage());
    }
}
