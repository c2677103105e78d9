package io.celerity.internal.replication;

import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
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
 * A user agent that answers a request only once its write is held by a replica ({@code ServiceContext.lastOutputIndex}
 * and {@code replicated}), never blocking its loop: on host b, {@link ReplicatedAnswers} writes 100 requests a second
 * to {@code out}, copied to host a. It writes on while a is down, answers nothing then, and answers only what a holds.
 * Host b's replication status file and metrics show sink a's acknowledged index and lag meanwhile.
 */
class AgentAnswersTest {

    private static final Pattern ANSWERED = Pattern.compile("answered (\\d+)");
    private static final String STATUS = "celerity-replication.status.yaml";

    @TempDir
    Path dir;

    @Test
    void anAgentAnswersOnlyWhatItsReplicaHoldsAndKeepsWritingMeanwhile() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            HostProcess hostB = start(hosts.host("b"), b);
            awaitDocuments(b.resolve("q/out"), 20);
            long writtenBefore = documents(b.resolve("q/out"));
            // the agent writing on is its loop passing: each pass had its chance to answer
            awaitDocuments(b.resolve("q/out"), writtenBefore + 50);
            assertEquals(0, answered(hostB), "nothing answered before host a holds it:\n" + tail(hostB));
            Map<?, ?> sinkA = sinkA(b);
            assertEquals(-1L, sinkA.get("ackedIndex"), "the status file: nothing acknowledged yet: " + sinkA);
            assertTrue((Long) sinkA.get("lag") > 0, "the status file: the sink lacks what was written: " + sinkA);
            String metrics = scrape(hosts, hostB, b);
            assertTrue(metrics.contains("celerity_replica_acked_index{queue=\"out\",source=\"b\",sink=\"a\","
                    + "side=\"source\"} -1\n"), metrics);
            assertTrue(metrics.matches("(?s).*celerity_replica_lag\\{queue=\"out\",source=\"b\",sink=\"a\","
                    + "side=\"source\"} [1-9][0-9]*\n.*"), metrics);

            HostProcess hostA = start(hosts.host("a"), a);
            long writtenWhileDown = documents(b.resolve("q/out"));
            awaitAnswered(hostB, writtenWhileDown);
            assertHeld(hostB, a);

            hostA.stop(); // SIGSTOP: host a, its sink and its media driver freeze
            try {
                Thread.sleep(1_000); // acknowledgements already sent may still arrive
                long answeredWhenStopped = answered(hostB);
                long writtenWhenStopped = documents(b.resolve("q/out"));
                // the agent writing on, and the source seeing the lag grow, are passes that had their chance to answer
                awaitDocuments(b.resolve("q/out"), writtenWhenStopped + 50);
                Map<?, ?> stopped = awaitSinkA(b, s -> (Long) s.get("lag") >= 50);
                assertEquals(answeredWhenStopped, answered(hostB), "nothing answered while host a is stopped");
                assertTrue((Long) stopped.get("ackedIndex") >= 0, stopped.toString());
            } finally {
                hostA.cont();
            }
            awaitAnswered(hostB, documents(b.resolve("q/out")));
            assertHeld(hostB, a);
            Map<String, Object> replica = ReplicationStatusFile.read(a.resolve("q/out").resolve(STATUS)).orElseThrow();
            assertEquals("sink", replica.get("role"), replica.toString());
            assertEquals("b", replica.get("source"), replica.toString());
            assertTrue((Long) replica.get("lastIndex") >= 0, replica.toString());
        }
    }

    /** Sink a as host b's status file for {@code out} reports it, a second old at most. */
    private static Map<?, ?> sinkA(Path b) throws IOException {
        Map<String, Object> status = ReplicationStatusFile.read(b.resolve("q/out").resolve(STATUS)).orElseThrow();
        assertEquals("b", status.get("host"), status.toString());
        assertEquals("source", status.get("role"), status.toString());
        return (Map<?, ?>) ((Map<?, ?>) status.get("sinks")).get("a");
    }

    /** Sink a as host b's status file reports it, once {@code wanted} accepts it (the file is rewritten each second). */
    private static Map<?, ?> awaitSinkA(Path b, Predicate<Map<?, ?>> wanted) throws Exception {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        Map<?, ?> last = sinkA(b);
        while (!wanted.test(last)) {
            if (System.nanoTime() - deadline > 0)
                throw new AssertionError("host b's status of sink a after " + LIVENESS + ": " + last);
            Thread.sleep(100);
            last = sinkA(b);
        }
        return last;
    }

    /** Host b's Prometheus text, fetched on host b (its port is on its own network). */
    private static String scrape(Hosts hosts, HostProcess hostB, Path b) throws Exception {
        String port = hostB.awaitLine(Pattern.compile("metrics at http://localhost:(\\d+)/metrics"), LIVENESS).group(1);
        Path body = b.resolve("metrics-" + System.nanoTime() + ".txt");
        HostProcess curl = hosts.host("b").exec(List.of("curl", "-s", "http://127.0.0.1:" + port + "/metrics"),
                Map.of(), body);
        assertEquals(0, curl.awaitExit(LIVENESS), curl.logText());
        return Files.readString(body);
    }

    // Whatever was answered, host a holds: an answer is printed after the acknowledgement, read here before a's copy.
    private static void assertHeld(HostProcess hostB, Path a) {
        long answered = answered(hostB);
        long held = documents(a.resolve("q/out"));
        assertTrue(held >= answered, "answered " + answered + " but host a holds only " + held);
    }

    private static void awaitAnswered(HostProcess host, long n) throws InterruptedException {
        long deadline = System.nanoTime() + LIVENESS.toNanos();
        while (answered(host) < n) {
            if (System.nanoTime() - deadline > 0)
                throw new AssertionError("answered " + answered(host) + " of " + n + " after " + LIVENESS + ":\n"
                        + tail(host));
            Thread.sleep(100);
        }
    }

    /** The last count the agent printed, 0 before any. */
    private static long answered(HostProcess host) {
        Matcher m = ANSWERED.matcher(host.logText());
        long last = 0;
        while (m.find())
            last = Long.parseLong(m.group(1));
        return last;
    }

    private Path deploy(Hosts hosts, String name) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String yaml = "monitoring: { httpPort: 0 }\n"
                + "hosts:\n"
                + "  a: { address: " + hosts.host("a").address() + ", port: 40121 }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40122 }\n"
                + "queues:\n"
                + "  out: { path: q/out, host: b, replicas: [ a ] }\n"
                + "agents:\n  gateway:\n    implClass: " + ReplicatedAnswers.class.getName()
                + "\n    output: out\n    settings: { count: 1000000, perSecond: 100 }\n";
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }
}
