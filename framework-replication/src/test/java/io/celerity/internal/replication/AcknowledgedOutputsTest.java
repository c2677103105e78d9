package io.celerity.internal.replication;

import io.celerity.fixtures.TickEcho;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.celerity.internal.replication.HostRuns.LIVENESS;
import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.documents;
import static io.celerity.internal.replication.HostRuns.start;
import static io.celerity.internal.replication.HostRuns.tail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue with {@code acks: 1}, or a component asking {@code replicateOutputs(1)}: the service writing goes on only once
 * the replica holds each output. On host b an agent writes ticks and a service answers them into {@code out}, copied
 * to host a.
 */
class AcknowledgedOutputsTest {

    private static final int TICKS = 2_000; // each answer waits for a round trip to the replica: keep it short
    private static final String WAIT_FAILED = "service 'echo' failed outside a message \\(error #";

    @TempDir
    Path dir;

    @Test
    void theServiceWaitsWhileItsReplicaIsDownAndCarriesOnWhenItIsBack() throws Exception {
        waitsForItsReplica(TickEcho.class, 1);
    }

    @Test
    void aComponentCanAskItForItsOwnOutputs() throws Exception {
        waitsForItsReplica(ReplicatedEcho.class, 0);
    }

    private void waitsForItsReplica(Class<?> echo, int acks) throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a", "10m", echo, acks);
            Path b = deploy(hosts, "b", "10m", echo, acks);
            HostProcess hostB = start(hosts.host("b"), b);
            awaitDocuments(b.resolve("q/ticks"), TICKS);
            awaitWaitFailedAgain(hostB);
            assertEquals(1, documents(b.resolve("q/out")), "one answer written, then it waits for a's copy of it");
            HostProcess hostA = start(hosts.host("a"), a);
            try {
                awaitDocuments(a.resolve("q/out"), TICKS);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nhost a:\n" + tail(hostA) + "\nhost b:\n" + tail(hostB), e);
            }
            QueueComparison.Result copy = QueueComparison.compare(b.resolve("q/out"), a.resolve("q/out"));
            assertTrue(copy.same(), copy.toString());
            assertEquals(TICKS, documents(b.resolve("q/out")));
        }
    }

    @Test
    void aHostWhoseReplicaStaysDownStopsAfterTheWriteFailureTimeoutSayingWhy() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path b = deploy(hosts, "b", "2s", TickEcho.class, 1);
            HostProcess host = start(hosts.host("b"), b);
            host.awaitLine(Pattern.compile("host b stopped: .*not yet held by 1 replica"), LIVENESS);
            assertEquals(1, documents(b.resolve("q/out")), "nothing more was written");
        }
    }

    /**
     * Waits until the echo's wait for its replica has failed (past 100 ms, so the loop backed it off) once more since
     * now, logged as the next power of two of its errors: it was asked again, with every tick there to read.
     */
    private static void awaitWaitFailedAgain(HostProcess host) throws Exception {
        Matcher logged = Pattern.compile(WAIT_FAILED + "(\\d+)\\)").matcher(host.logText());
        long last = 0;
        while (logged.find())
            last = Long.parseLong(logged.group(1));
        long next = last == 0 ? 1 : 2 * last; // the loop logs its errors #1, #2, #4...
        host.awaitLine(Pattern.compile(WAIT_FAILED + next + "\\)"), LIVENESS);
        // Why it failed may be written after that line (its cause's): waited for, not read at once.
        host.awaitLine(Pattern.compile("is not yet held by 1 replica\\(s\\)"), LIVENESS);
    }

    private Path deploy(Hosts hosts, String name, String writeFailureTimeout, Class<?> echo, int acks)
            throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String yaml = "writeFailureTimeout: " + writeFailureTimeout + "\n"
                + "hosts:\n"
                + "  a: { address: " + hosts.host("a").address() + ", port: 40111 }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40112 }\n"
                + "queues:\n"
                + "  ticks: { path: q/ticks, host: b }\n"
                + "  out: { path: q/out, host: b, replicas: [ a ], acks: " + acks + " }\n"
                + "services:\n  echo:\n    implClass: " + echo.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n"
                + "agents:\n  source:\n    implClass: " + PacedTickSource.class.getName()
                + "\n    output: ticks\n    settings: { count: " + TICKS + ", perSecond: 50000 }\n";
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }

}
