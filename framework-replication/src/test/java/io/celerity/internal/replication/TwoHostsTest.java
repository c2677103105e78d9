package io.celerity.internal.replication;

import io.celerity.fixtures.TickEcho;
import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two hosts, each its own process (in its own network namespace where the machine allows): an agent on host a writes
 * ticks, copied to b; a service on b answers each, its answers copied back to a. Host b is killed mid-stream and
 * started again. Every answer arrives once, and each queue's copy equals its source byte for byte.
 */
class TwoHostsTest {

    private static final int TICKS = 50_000;
    private static final int PER_SECOND = 10_000; // five seconds of ticks: the kill lands while they flow
    private static final Duration LIVENESS = Duration.ofMinutes(3); // a loaded machine, two JVMs starting

    @TempDir
    Path dir;

    @Test
    void aServiceOnAnotherHostAnswersEveryEventOnceAcrossAKillAndTheCopiesAreExact() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            HostProcess hostA = start(hosts.host("a"), a);
            HostProcess hostB = start(hosts.host("b"), b);
            awaitDocuments(b.resolve("q/out"), TICKS / 5);
            hostB.kill9();
            long answeredBeforeKill = documents(b.resolve("q/out"));
            assertTrue(answeredBeforeKill < TICKS, "the kill landed mid-stream: " + answeredBeforeKill + " answered");
            hostB = start(hosts.host("b"), b);
            awaitDocuments(a.resolve("q/out"), TICKS);
            hostA.kill9(); // both stop writing before the copies are compared
            hostB.kill9();
            assertExact(a.resolve("q/ticks"), b.resolve("q/ticks"));
            assertExact(b.resolve("q/out"), a.resolve("q/out"));
            assertEquals(TICKS, documents(a.resolve("q/out")), "each tick answered once, the answers all copied back");
            assertTrue(hostB.logText().contains("input 'ticks' resumes after index"), hostB.logText());
            System.out.println("TwoHostsTest: " + (hosts.isolated() ? "network namespaces" : "loopback only")
                    + ", " + TICKS + " ticks, host b killed -9 after answering " + answeredBeforeKill);
        }
    }

    /** The same services.yaml in the host's own directory: its queues are its own files. */
    private Path deploy(Hosts hosts, String name) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String yaml = "hosts:\n"
                + "  a: { address: " + hosts.host("a").address() + ", port: 40101 }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40102 }\n"
                + "queues:\n"
                + "  ticks: { path: q/ticks, host: a, replicas: [ b ] }\n"
                + "  out: { path: q/out, host: b, replicas: [ a ] }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n"
                + "agents:\n  source:\n    implClass: " + PacedTickSource.class.getName()
                + "\n    output: ticks\n    settings: { count: " + TICKS + ", perSecond: " + PER_SECOND + " }\n";
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }

    private static HostProcess start(Host host, Path home) throws Exception {
        HostProcess process = host.startJava(home.resolve("host-" + System.nanoTime() + ".log"), HostMain.class,
                home.resolve("services.yaml").toString(), host.name());
        process.awaitLine(Pattern.compile("host " + host.name() + " running"), LIVENESS);
        return process;
    }

    private static void awaitDocuments(Path queue, long n) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        long seen = 0;
        while (System.nanoTime() < deadline) {
            if (Files.isDirectory(queue) && (seen = documents(queue)) >= n)
                return;
            Thread.sleep(200);
        }
        throw new AssertionError(queue + " holds " + seen + " documents after " + LIVENESS + "; expected " + n);
    }

    private static long documents(Path queue) {
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(queue).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            long n = 0;
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                    n++;
                }
            }
        }
    }

    private static void assertExact(Path source, Path replica) {
        QueueComparison.Result result = QueueComparison.compare(source, replica);
        assertTrue(result.same(), result.toString());
    }
}
