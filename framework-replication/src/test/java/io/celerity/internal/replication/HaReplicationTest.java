package io.celerity.internal.replication;

import io.celerity.extension.OutputGate;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static io.celerity.internal.replication.HaHosts.A;
import static io.celerity.internal.replication.HaHosts.B;
import static io.celerity.internal.replication.HaHosts.C;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A highly available queue over three hosts on loopback (a its primary, b its standby, c a replica) with a lease the
 * test grants and expires as the cluster would: the standby takes over as source and the others follow it, the other
 * sinks never run ahead of an eligible standby, and a deposed primary that comes back with outputs the new primary
 * never had is told so and moves its copy aside. Time limits prove liveness only.
 */
class HaReplicationTest {

    private static final Logger LOG = LoggerFactory.getLogger(HaReplicationTest.class);

    private static final Duration LIVENESS = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    @Test
    void theStandbyTakesOverAsSourceAndEveryCopyFollowsItWithNoGapAndNoDuplicate() throws IOException {
        try (HaHosts hosts = new HaHosts(dir)) {
            hosts.start(A);
            hosts.start(B);
            hosts.startReplica();
            assertFalse(hosts.candidates[A].agent.state(System.nanoTime()) == OutputGate.State.OPEN, "no lease yet");
            assertEquals(1, hosts.cluster.grant("a"));
            awaitPromoted(hosts, A);
            write(hosts.candidates[A].queue, 0, 1_000);
            awaitEligible(hosts, "b");
            long end = hosts.candidates[A].queue.lastIndex();
            awaitHolds(hosts, B, end);
            awaitHolds(hosts, C, end);

            hosts.stop(A); // host a dies
            hosts.cluster.expire();
            long granted = System.nanoTime();
            assertEquals(2, hosts.cluster.grant("b"));
            awaitPromoted(hosts, B);
            long promoted = System.nanoTime();
            assertNull(hosts.candidates[B].agent.why(System.nanoTime()), "b may write now");
            write(hosts.candidates[B].queue, 1_000, 1);
            awaitHolds(hosts, C, hosts.candidates[B].queue.lastIndex());
            long followed = System.nanoTime();
            write(hosts.candidates[B].queue, 1_001, 999);
            long newEnd = hosts.candidates[B].queue.lastIndex();
            awaitHolds(hosts, C, newEnd);
            LOG.info(String.format("takeover on loopback: b's copy the source %.1f ms after the grant, c holding b's "
                    + "first output %.1f ms after that (awaited in 1 ms sleeps); load average %s",
                    (promoted - granted) / 1e6, (followed - promoted) / 1e6, loadAverage()));
            assertEquals(B, hosts.replica.agent.sourceHost(), "c follows b");

            hosts.start(A); // a comes back: a sink of b now, it holds no more than b had
            awaitHolds(hosts, A, newEnd);
            assertFalse(hosts.candidates[A].agent.promoted());
            assertEquals(B, hosts.candidates[A].agent.sink().sourceHost(), "a follows b");
            hosts.close();
            assertEquals(LongStream.range(0, 2_000).boxed().toList(), numbers(hosts.queueDir(C)), "c: every output once");
            assertSame(hosts, B, A);
            assertSame(hosts, B, C);
            assertEquals(List.of(), hosts.stops, "no host told to stop");
        }
    }

    @Test
    void theOtherSinksNeverRunAheadOfAnEligibleStandbyAndResumeOnceItIsConfirmedIneligible() throws IOException {
        try (HaHosts hosts = new HaHosts(dir)) {
            startWithAHolding(hosts);
            write(hosts.candidates[A].queue, 0, 500);
            awaitEligible(hosts, "b");
            awaitHolds(hosts, C, hosts.candidates[A].queue.lastIndex());

            hosts.cluster.holdConfirmations();
            hosts.stop(B); // b stops acknowledging: dead, or cut off
            long standbyHolds = hosts.lastIndex(B);
            write(hosts.candidates[A].queue, 500, 500);
            long end = hosts.candidates[A].queue.lastIndex();
            Link.await("a to declare b ineligible", LIVENESS,
                    () -> hosts.cluster.requests.contains("ineligible b"));
            // Not confirmed yet: c waits, for as long as the cluster takes.
            for (int i = 0; i < 20; i++) {
                assertTrue(hosts.replica.agent.lastIndex() <= standbyHolds, "c ahead of what b holds");
                Link.sleep(50);
            }
            assertTrue(hosts.cluster.eligible("b"));
            hosts.cluster.confirm();
            awaitHolds(hosts, C, end);

            hosts.start(B); // back, it catches up and is declared eligible again
            awaitHolds(hosts, B, end);
            awaitEligible(hosts, "b");

            hosts.stop(B); // caught up, so not stalled: still eligible, but its copy is lost
            deleteRecursively(hosts.queueDir(B));
            hosts.start(B);
            Link.await("a to declare b, now holding less, ineligible", LIVENESS,
                    () -> hosts.cluster.requests.stream().filter("ineligible b"::equals).count() == 2);
            awaitHolds(hosts, B, end);
            awaitEligible(hosts, "b");
        }
    }

    @Test
    void aDeposedPrimaryIsStoppedAndOnItsReturnItsExtraOutputsAreFoundAndItsCopyMovedAside() throws IOException {
        try (HaHosts hosts = new HaHosts(dir)) {
            startWithAHolding(hosts);
            write(hosts.candidates[A].queue, 0, 100);
            awaitEligible(hosts, "b");
            long shared = hosts.candidates[A].queue.lastIndex();
            awaitHolds(hosts, B, shared);
            awaitHolds(hosts, C, shared);

            hosts.cluster.holdConfirmations(); // a cannot reach the cluster: b stays eligible
            hosts.stop(B);
            write(hosts.candidates[A].queue, 100, 50); // outputs only a will ever have
            // a's source, then c, ran on after them: had they been sent and appended, it would be by now
            hosts.candidates[A].awaitPasses(100);
            hosts.replica.awaitPasses(100);
            assertTrue(hosts.replica.agent.lastIndex() <= shared, "c got what the successor lacks");

            hosts.cluster.expire();
            assertEquals(2, hosts.cluster.grant("b"));
            hosts.start(B);
            awaitPromoted(hosts, B);
            Link.await("a to be told it was deposed", LIVENESS, () -> !hosts.stops.isEmpty());
            String deposed = hosts.stops.get(0);
            assertTrue(deposed.startsWith("a: service 'echo': host b took it over with lease token 2")
                    && deposed.endsWith("restart this host to rejoin as the standby"), deposed);
            assertFalse(hosts.candidates[A].agent.state(System.nanoTime()) == OutputGate.State.OPEN);
            assertTrue(hosts.candidates[A].agent.state(System.nanoTime()) == OutputGate.State.DEPOSED);
            hosts.stop(A);
            write(hosts.candidates[B].queue, 1_000, 30);
            long end = hosts.candidates[B].queue.lastIndex();
            awaitHolds(hosts, C, end);

            hosts.start(A); // with its 150 outputs, b's history holds 130
            Link.await("a to move its copy aside", LIVENESS, () -> hosts.stops.size() > 1);
            String aside = hosts.stops.get(1);
            assertTrue(aside.startsWith("a: service 'echo': this host's copy of its output 'orders' holds what its "
                    + "source does not") && aside.contains("moved aside to ")
                    && aside.endsWith("restart this host to rebuild it from the primary"), aside);
            hosts.stop(A);
            Path moved = movedAside(hosts.queueDir(A));
            assertEquals(LongStream.range(0, 150).boxed().toList(), numbers(moved), "kept as it was");
            assertFalse(Files.exists(hosts.queueDir(A)) && numbers(hosts.queueDir(A)).size() > 0);

            hosts.start(A); // restarted: rebuilt from b
            awaitHolds(hosts, A, end);
            hosts.close();
            assertSame(hosts, B, A);
            assertSame(hosts, B, C);
            List<Long> expected = new ArrayList<>(LongStream.range(0, 100).boxed().toList());
            expected.addAll(LongStream.range(1_000, 1_030).boxed().toList());
            assertEquals(expected, numbers(hosts.queueDir(C)));
        }
    }

    @Test
    void aSinkIgnoresASourceWithALowerTokenThanTheOneItFollows() {
        try (HaHosts hosts = new HaHosts(dir)) {
            startWithAHolding(hosts);
            awaitEligible(hosts, "b");
            hosts.cluster.expire();
            hosts.cluster.grant("b");
            awaitPromoted(hosts, B);
            write(hosts.candidates[B].queue, 0, 200);
            long end = hosts.candidates[B].queue.lastIndex();
            awaitHolds(hosts, C, end);
            hosts.stop(A);
            // A source that kept token 1, on a's copy with outputs b never had, still saying hello to c.
            try (Side<QueueSource> stale = hosts.staleSource(A, 1)) {
                write(stale.queue, 5_000, 300);
                int resumes = hosts.replica.agent.resumes();
                Link.sleep(1_000); // time must pass: some 50 hellos of token 1
                stale.awaitPasses(100); // both ran on after them: a move for token 1 would have come
                hosts.replica.awaitPasses(100);
                assertEquals(resumes, hosts.replica.agent.resumes(), "c moved for a source of token 1");
                assertEquals(0, stale.agent.resumes(HaReplicator.Hosts.sinkId(C)), "c asked token 1 for documents");
                write(hosts.candidates[B].queue, 200, 100);
                long newEnd = hosts.candidates[B].queue.lastIndex();
                awaitHolds(hosts, C, newEnd);
                assertNull(hosts.replica.agent.divergence());
                assertEquals(B, hosts.replica.agent.sourceHost());
            }
            hosts.close();
            assertSame(hosts, B, C);
            assertEquals(LongStream.range(0, 300).boxed().toList(), numbers(hosts.queueDir(C)));
        }
    }

    /** Hosts a, b and c running, a holding the lease (token 1) and its copy the source. */
    private static void startWithAHolding(HaHosts hosts) {
        hosts.start(A);
        hosts.start(B);
        hosts.startReplica();
        assertEquals(1, hosts.cluster.grant("a"));
        awaitPromoted(hosts, A);
    }

    private static void awaitPromoted(HaHosts hosts, int host) {
        Link.await(HaHosts.NAMES.get(host) + "'s copy to become the source", LIVENESS,
                () -> hosts.candidates[host].agent.state(System.nanoTime()) == OutputGate.State.OPEN);
    }

    private static void awaitEligible(HaHosts hosts, String host) {
        Link.await(host + " to be declared eligible", LIVENESS, () -> hosts.cluster.eligible(host));
    }

    private static void awaitHolds(HaHosts hosts, int host, long index) {
        Link.await(HaHosts.NAMES.get(host) + " to hold index " + Long.toHexString(index), LIVENESS, () -> {
            Side<?> side = host == C ? hosts.replica : hosts.candidates[host];
            return side.queue.lastIndex() >= index;
        });
    }

    private static void write(SingleChronicleQueue queue, long from, int count) {
        try (ExcerptAppender appender = queue.createAppender()) {
            for (long n = from; n < from + count; n++)
                Documents.write(appender, n);
        }
    }

    private static void assertSame(HaHosts hosts, int source, int copy) {
        QueueComparison.Result result = QueueComparison.compare(hosts.queueDir(source), hosts.queueDir(copy));
        assertTrue(result.same(), HaHosts.NAMES.get(copy) + " against " + HaHosts.NAMES.get(source) + ": "
                + result.difference());
    }

    /** Each document's number, in index order. */
    private static List<Long> numbers(Path queue) {
        List<Long> numbers = new ArrayList<>();
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(queue).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return numbers;
                    numbers.add(dc.wire().bytes().readLong());
                }
            }
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static void deleteRecursively(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static Path movedAside(Path queue) throws IOException {
        try (Stream<Path> siblings = Files.list(queue.getParent())) {
            List<Path> aside = siblings.filter(p -> p.getFileName().toString().startsWith("orders.diverged-")).toList();
            assertEquals(1, aside.size(), "moved aside: " + aside);
            return aside.get(0);
        }
    }
}
