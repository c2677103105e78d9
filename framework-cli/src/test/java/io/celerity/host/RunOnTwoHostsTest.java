package io.celerity.host;

import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.internal.replication.QueueComparison;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code celerity run --host a} and {@code --host b} on one file, as two processes on loopback: the command line
 * copies queues with no jar added, and a service on b answers what was written on a.
 */
class RunOnTwoHostsTest {

    private static final int TICKS = 1_000;
    private static final Duration CHILD_WAIT = Duration.ofSeconds(180); // liveness on a loaded machine

    @TempDir
    Path dir;

    @Test
    void twoHostsRunFromOneFileAndCopyTheirQueuesBothWays() throws Exception {
        String yaml = "hosts:\n"
                + "  a: { address: 127.0.0.1, port: " + freeUdpPort() + " }\n"
                + "  b: { address: 127.0.0.1, port: " + freeUdpPort() + " }\n"
                + "queues:\n"
                + "  in: { path: in, host: a, replicas: [ b ] }\n"
                + "  out: { path: out, host: b, replicas: [ a ], acks: 1 }\n"
                + "services:\n  echo: { implClass: " + TickEcho.class.getName() + ", inputs: [ in ], output: out }\n";
        Path a = home("a", yaml);
        Path b = home("b", yaml);
        try (ChronicleQueue in = Queues.open(a.resolve("in"))) { // a producer of its own on host a
            TickIn writer = in.methodWriter(TickIn.class);
            for (int i = 0; i < TICKS; i++)
                writer.tick(new Tick().set(0, i, i));
        }
        ChildJvm hostA = ChildJvm.start(a.resolve("run.log"), "io.celerity.cli.CelerityCli", "run", "--host", "a",
                a.resolve("services.yaml").toString());
        ChildJvm hostB = ChildJvm.start(b.resolve("run.log"), "io.celerity.cli.CelerityCli", "run", "--host", "b",
                b.resolve("services.yaml").toString());
        try {
            Queues.await(TICKS + " answers copied back to a", CHILD_WAIT,
                    () -> Files.isDirectory(a.resolve("out")) && Queues.count(a.resolve("out")) == TICKS);
        } catch (AssertionError stuck) {
            throw new AssertionError(stuck.getMessage() + "\nhost a:\n" + hostA.logText() + "\nhost b:\n"
                    + hostB.logText(), stuck);
        } finally {
            hostA.kill();
            hostB.kill();
        }
        assertTrue(hostB.logText().contains("as host 'b'"), hostB.logText());
        assertSame(a.resolve("in"), b.resolve("in"));
        assertSame(b.resolve("out"), a.resolve("out"));
    }

    private Path home(String host, String yaml) throws IOException {
        Path home = Files.createDirectories(dir.resolve(host));
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }

    private static void assertSame(Path source, Path replica) {
        QueueComparison.Result result = QueueComparison.compare(source, replica);
        assertTrue(result.same(), result.toString());
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
