package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.rollcycles.TestRollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A queue written on its source while the replicator runs ends up the same on the sink, whatever side restarts. */
class QueueReplicationTest {

    @TempDir
    Path dir;

    @Test
    void aHundredThousandDocumentsOfManySizesAcrossRollCyclesArriveAtTheSameIndexesWithTheSameBytes() throws Exception {
        // Secondly cycles, written over a few seconds: the replica rolls where its source did.
        RollCycle rollCycle = TestRollCycles.TEST_SECONDLY;
        try (Link link = new Link(dir, rollCycle)) {
            link.startSink();
            link.startSource();
            int documents = 100_000;
            long start = System.nanoTime();
            long last = -1;
            try (SingleChronicleQueue queue = Side.open(link.sourceQueue(), rollCycle);
                 ExcerptAppender appender = queue.createAppender()) {
                for (int n = 0; n < documents; n++) {
                    last = Documents.write(appender, n);
                    if (n % 1_000 == 999)
                        Link.sleep(30);
                }
            }
            link.awaitSinkHolds(last);
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf("replicated %,d documents in %.2f s (%,.0f docs/s, written with 30 ms pauses every 1,000)"
                    + " on loopback, load average %s%n", documents, seconds, documents / seconds, loadAverage());
            assertSame(link, documents);
            int firstCycle = rollCycle.toCycle(link.sink.queue.firstIndex());
            assertTrue(rollCycle.toCycle(last) > firstCycle + 1, "the documents span several cycles");
            assertTrue(link.source.errors.isEmpty() && link.sink.errors.isEmpty(),
                    "agent errors: " + link.source.errors + link.sink.errors);
        }
    }

    @Test
    void aSinkClosedMidStreamAndStartedAgainResumesWithNoGapAndNoDuplicate() throws Exception {
        restartMidStream(link -> {
            link.stopSink();
            Link.sleep(200);
            link.startSink();
        });
    }

    @Test
    void aSourceClosedMidStreamAndStartedAgainResumesWithNoGapAndNoDuplicate() throws Exception {
        restartMidStream(link -> {
            link.stopSource();
            Link.sleep(200);
            link.startSource();
        });
    }

    /** Writes 30,000 documents on a thread of its own, restarting one side twice while they stream. */
    private void restartMidStream(Consumer<Link> restart) throws Exception {
        RollCycle rollCycle = RollCycles.FAST_DAILY;
        int documents = 30_000;
        try (Link link = new Link(dir, rollCycle)) {
            link.startSink();
            link.startSource();
            AtomicLong written = new AtomicLong(-1);
            AtomicLong lastIndex = new AtomicLong(-1);
            Thread writer = new Thread(() -> {
                try (SingleChronicleQueue queue = Side.open(link.sourceQueue(), rollCycle);
                     ExcerptAppender appender = queue.createAppender()) {
                    for (int n = 0; n < documents; n++) {
                        lastIndex.set(Documents.write(appender, n));
                        written.set(n);
                        if (n % 100 == 99)
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
        }
    }

    private static void assertSame(Link link, long documents) {
        QueueComparison.Result result = QueueComparison.compare(link.source.queue, link.sink.queue);
        assertTrue(result.same(), result.difference());
        assertEquals(documents, result.documents(), "documents compared");
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
