package io.celerity.internal.replication;

import io.celerity.fixtures.TickEcho;
import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.documents;
import static io.celerity.internal.replication.HostRuns.start;
import static io.celerity.internal.replication.HostRuns.tail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Two hosts, each its own process (in its own network namespace where the machine allows): an agent on host a writes
 * ticks, copied to b; a service on b answers each, its answers copied back to a. Host b is killed mid-stream and
 * started again. Every answer arrives once, and each queue's copy equals its source byte for byte.
 */
class TwoHostsTest {

    private static final int TICKS = 50_000;
    private static final int PER_SECOND = 10_000; // five seconds of ticks: the kill lands while they flow

    @TempDir
    Path dir;

    @Test
    void aServiceOnAnotherHostAnswersEveryEventOnceAcrossAKillAndTheCopiesAreExact() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            // b first: it answers as the ticks arrive, however long a loaded machine takes to start a JVM.
            HostProcess hostB = start(hosts.host("b"), b);
            HostProcess hostA = start(hosts.host("a"), a);
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

    @Test
    void aLinkCutMidStreamAndRestoredLosesNothing() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            assumeTrue(hosts.isolated(), "no network namespaces on this machine: a link cannot be cut, so not tested");
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            HostProcess hostB = start(hosts.host("b"), b); // b first, as above
            HostProcess hostA = start(hosts.host("a"), a);
            awaitDocuments(a.resolve("q/out"), TICKS / 5);
            hosts.host("b").linkDown();
            Thread.sleep(1_000); // what was in flight lands or is lost with the link
            long copiedBeforeCut = documents(a.resolve("q/out"));
            Thread.sleep(2_000);
            assertEquals(copiedBeforeCut, documents(a.resolve("q/out")), "nothing crosses a cut link");
            assertTrue(copiedBeforeCut < TICKS, "the cut landed mid-stream: " + copiedBeforeCut + " copied");
            hosts.host("b").linkUp();
            try {
                awaitDocuments(a.resolve("q/out"), TICKS);
            } catch (AssertionError e) {
                throw new AssertionError(e.getMessage() + "\nhost a:\n" + tail(hostA) + "\nhost b:\n" + tail(hostB), e);
            }
            hostA.kill9();
            hostB.kill9();
            assertExact(a.resolve("q/ticks"), b.resolve("q/ticks"));
            assertExact(b.resolve("q/out"), a.resolve("q/out"));
            assertEquals(TICKS, documents(b.resolve("q/out")), "each tick answered once");
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

    private static void assertExact(Path source, Path replica) {
        QueueComparison.Result result = QueueComparison.compare(source, replica);
        assertTrue(result.same(), result.toString());
    }
}
