package io.celerity.internal.replication;

import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.rollcycles.TestRollCycles;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A queue written on its source while the replicator runs ends up the same on the sink, whatever side restarts. */
class QueueReplicationTest {

    private static final long SMALL_BLOCKS = 256 << 10;

    @TempDir
    Path dir;

    @Test
    void aHundredThousandDocumentsOfManySizesAcrossRollCyclesArriveAtTheSameIndexesWithTheSameBytes() throws Exception {
        // Secondly cycles, written over a few seconds with one pause of two: the replica rolls where its source did, and
        // skips the cycles its source has no documents in.
        RollCycle rollCycle = TestRollCycles.TEST_SECONDLY;
        // Small blocks: documents are read and written across many remappings of the cycle files.
        try (Link link = new Link(dir, rollCycle, SMALL_BLOCKS)) {
            link.startSink();
            link.startSource();
            int documents = 100_000;
            long start = System.nanoTime();
            long last = -1;
            try (SingleChronicleQueue queue = link.openSource();
                 ExcerptAppender appender = queue.createAppender()) {
                for (int n = 0; n < documents; n++) {
                    last = Documents.write(appender, n);
                    if (n % 1_000 == 999)
                        Link.sleep(n == documents / 2 - 1 ? 2_100 : 30);
                }
            }
            link.awaitSinkHolds(last);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("replicated %,d documents in %.2f s (%,.0f docs/s, written with 30 ms pauses every 1,000 and one of 2.1 s)"
                    + " on loopback, load average %s%n", documents, seconds, documents / seconds, loadAverage());
            assertSame(link, documents);
            Set<Integer> cycles = cycles(link.sink.queue);
            int span = rollCycle.toCycle(last) - rollCycle.toCycle(link.sink.queue.firstIndex()) + 1;
            assertTrue(cycles.size() > 2, "the documents span several cycles: " + cycles);
            assertTrue(cycles.size() < span, "some cycles in between have no documents: " + cycles);
            assertTrue(link.source.errors.isEmpty() && link.sink.errors.isEmpty(),
                    "agent errors: " + link.source.errors + link.sink.errors);
        }
    }

    @Test
    void aSinkStartedAgainInALaterCycleFinishesTheCycleItStoppedInThenRollsOn() {
        // Every queue of the link on one clock the test moves: the sink comes back two cycles later, while its source
        // still holds documents of the cycle the sink stopped in.
        SetTimeProvider clock = new SetTimeProvider(Instant.parse("2026-11-24T10:00:00Z"));
        RollCycle rollCycle = TestRollCycles.TEST_SECONDLY;
        try (Link link = new Link(dir, rollCycle).clock(clock);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSink();
            link.startSource();
            long n = 0;
            long last = -1;
            for (int i = 0; i < 500; i++)
                last = Documents.write(appender, n++);
            link.awaitSinkHolds(last);
            link.stopSink();
            int stoppedIn = rollCycle.toCycle(last);
            for (int i = 0; i < 500; i++)
                last = Documents.write(appender, n++);
            assertEquals(stoppedIn, rollCycle.toCycle(last), "more documents in the cycle the sink stopped in");
            clock.advanceMillis(2_000);
            for (int i = 0; i < 500; i++)
                last = Documents.write(appender, n++);
            assertEquals(stoppedIn + 2, rollCycle.toCycle(last));

            link.startSink();
            link.awaitSinkHolds(last);
            assertSame(link, n);
            assertEquals(Set.of(stoppedIn, stoppedIn + 2), cycles(link.sink.queue));
        }
    }

    @Test
    void aBacklogStreamsToAnEmptySink() {
        RollCycle rollCycle = RollCycles.FAST_DAILY;
        int documents = 200_000;
        try (Link link = new Link(dir, rollCycle, SMALL_BLOCKS)) {
            long last = -1;
            long bytes = 0;
            try (SingleChronicleQueue queue = link.openSource();
                 ExcerptAppender appender = queue.createAppender()) {
                for (int n = 0; n < documents; n++) {
                    last = Documents.write(appender, n);
                    bytes += Documents.size(n);
                }
            }
            link.startSource();
            long start = System.nanoTime();
            link.startSink();
            link.awaitSinkHolds(last);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("replicated a backlog of %,d documents (%,d bytes) to an empty sink in %.2f s: %,.0f docs/s, "
                    + "%.1f MB/s on loopback, each side's agent and media driver on threads of their own, load average "
                    + "%s%n", documents, bytes, seconds, documents / seconds, bytes / seconds / 1e6, loadAverage());
            assertSame(link, documents);
        }
    }

    @Test
    void aSinkClosedMidStreamAndStartedAgainResumesWithNoGapAndNoDuplicate() throws Exception {
        QueueSink sink = restartMidStream(link -> {
            link.stopSink();
            Link.sleep(200);
            link.startSink();
        });
        assertTrue(sink.resumes() >= 1, "the new sink resumed from its last document");
        assertResentOnlyAroundResumes(sink);
    }

    @Test
    void aSourceClosedMidStreamAndStartedAgainResumesWithNoGapAndNoDuplicate() throws Exception {
        // A resume may not be needed: what the old source sent before it closed may be all there is.
        assertResentOnlyAroundResumes(restartMidStream(link -> {
            link.stopSource();
            Link.sleep(200);
            link.startSource();
        }));
    }

    /** Each resume sends the sink's last document again (it compares it) and what follows: not the queue again. */
    private static void assertResentOnlyAroundResumes(QueueSink sink) {
        long held = sink.documentsHeld();
        int resumes = sink.resumes();
        System.out.printf("documents sent again over %d resume(s): %d%n", resumes, held);
        assertTrue(held >= resumes && held < 100L * Math.max(1, resumes), held + " documents sent again for "
                + resumes + " resume(s): each resume sends the sink's last document again, and only a few more if any");
    }

    /**
     * Writes 30,000 documents on a thread of its own, restarting one side twice while they stream; returns the last
     * sink, closed, its counters still readable.
     */
    private QueueSink restartMidStream(Consumer<Link> restart) throws Exception {
        RollCycle rollCycle = RollCycles.FAST_DAILY;
        int documents = 30_000;
        try (Link link = new Link(dir, rollCycle)) {
            link.startSink();
            link.startSource();
            AtomicLong written = new AtomicLong(-1);
            AtomicLong lastIndex = new AtomicLong(-1);
            Thread writer = new Thread(() -> {
                try (SingleChronicleQueue queue = link.openSource();
                     ExcerptAppender appender = queue.createAppender()) {
                    for (int n = 0; n < documents; n++) {
                        lastIndex.set(Documents.write(appender, n));
                        written.set(n);
                        // Slow enough that both restarts come while it writes.
                        if (n % 20 == 19)
                            Link.sleep(1);
                    }
                }
            }, "writer");
            writer.start();
            for (int restarts = 1; restarts <= 2; restarts++) {
                long target = restarts * documents / 3;
                Link.await("the sink to receive " + target + " documents", java.time.Duration.ofSeconds(120),
                        () -> link.sink.agent.lastIndex() >= 0
                                && RollCycles.FAST_DAILY.toSequenceNumber(link.sink.agent.lastIndex()) >= target);
                System.out.printf("restart %d: the sink held sequence %,d, the writer had written %,d of %,d%n",
                        restarts, RollCycles.FAST_DAILY.toSequenceNumber(link.sink.agent.lastIndex()),
                        written.get() + 1, documents);
                restart.accept(link);
            }
            writer.join();
            link.awaitSinkHolds(lastIndex.get());
            assertSame(link, documents);
            assertTrue(link.sink.agent.divergence() == null, "no divergence");
            return link.sink.agent;
        }
    }

    private static void assertSame(Link link, long documents) {
        QueueComparison.Result result = QueueComparison.compare(link.source.queue, link.sink.queue);
        assertTrue(result.same(), result.difference());
        assertEquals(documents, result.documents(), "documents compared");
    }

    private static Set<Integer> cycles(SingleChronicleQueue queue) {
        Set<Integer> cycles = new TreeSet<>();
        try (ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return cycles;
                    cycles.add(queue.rollCycle().toCycle(dc.index()));
                }
            }
        }
    }

    static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
