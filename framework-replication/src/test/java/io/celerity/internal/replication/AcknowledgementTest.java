package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The source learns what its sink holds, and a writer can wait for it, or give up when the sink is down. */
class AcknowledgementTest {

    @TempDir
    Path dir;

    @Test
    void eachWriteWaitedForUntilAcknowledgedRoundTripsInTheOutput() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSource();
            link.startSink(new AckPolicy(1, Duration.ZERO, false));
            Histogram roundTrips = new Histogram(3);
            // Few: each waits for four threads that park when idle, which takes long on a busy machine.
            for (int n = 0; n < 8_000; n++) {
                long start = System.nanoTime();
                long index = Documents.write(appender, n % 50);
                assertTrue(link.source.agent.awaitReplicated(index, 1, Duration.ofSeconds(60)), "acknowledged");
                // The first 3,000 warm up.
                if (n >= 3_000)
                    roundTrips.recordValue(System.nanoTime() - start);
            }
            System.out.printf("write, replicate, acknowledge, one at a time (%,d; documents of 8-57 bytes; agents idle "
                            + "by spinning then parking 1-100 µs; each side's media driver on its own shared thread): "
                            + "p50 %.1f µs, p99 %.1f µs, p99.9 %.1f µs, max %.1f µs; load average %s%n",
                    roundTrips.getTotalCount(), roundTrips.getValueAtPercentile(50) / 1e3,
                    roundTrips.getValueAtPercentile(99) / 1e3, roundTrips.getValueAtPercentile(99.9) / 1e3,
                    roundTrips.getMaxValue() / 1e3, QueueReplicationTest.loadAverage());
        }
    }

    @Test
    void aSinkThatSyncsBeforeItAcknowledgesHasWrittenTheAcknowledgedDocumentToDisk() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSource();
            link.startSink(new AckPolicy(1, Duration.ZERO, true));
            for (int n = 0; n < 1_000; n++) {
                long index = Documents.write(appender, n);
                if (n % 100 == 99) {
                    assertTrue(link.source.agent.awaitReplicated(index, 1, Duration.ofSeconds(60)), "acknowledged");
                    // Chronicle records the last index its appender msynced, in the replica's metadata.
                    assertTrue(link.sink.queue.lastIndexMSynced() >= index, "msynced before acknowledged");
                }
            }
        }
    }

    /**
     * A sink's resume tells the source what the replica holds, which counts there as acknowledged: a sink that syncs
     * before it acknowledges syncs before it resumes too, also what it received before a restart (found by review).
     */
    @Test
    void aSinkThatSyncsBeforeItAcknowledgesHasWrittenWhatItResumesFromToDisk() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            long last = -1;
            // The replica already holds the source's documents, written before and never synced: a sink restarted.
            try (SingleChronicleQueue replica = link.openSink(); ExcerptAppender copier = replica.createAppender()) {
                for (int n = 0; n < 500; n++)
                    assertEquals(last = Documents.write(appender, n), Documents.write(copier, n), "the same index");
                assertTrue(replica.lastIndexMSynced() < last, "not synced yet");
            }
            link.startSource();
            link.startSink(new AckPolicy(1, Duration.ZERO, true));
            long held = last;
            Link.await("the source to count the replica's documents", Duration.ofSeconds(60),
                    () -> link.source.agent.ackedIndex(Link.SINK) >= held);
            assertTrue(link.sink.queue.lastIndexMSynced() >= held, "msynced before the source counted it");
        }
    }

    @Test
    void theAckedIndexReachesTheLastIndexAndAwaitingItTimesOutWhileTheSinkIsDown() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSource();
            link.startSink();
            QueueSource source = link.source.agent;
            assertEquals(-1, source.ackedIndex(Link.SINK), "before any report");
            long last = -1;
            for (int n = 0; n < 5_000; n++)
                last = Documents.write(appender, n);
            assertTrue(source.awaitReplicated(last, 1, Duration.ofSeconds(60)), "replicated to one sink");
            assertEquals(last, source.ackedIndex(Link.SINK));
            assertEquals(last, link.sink.agent.lastIndex());

            link.stopSink();
            long unreplicated = Documents.write(appender, 5_000);
            long start = System.nanoTime();
            assertFalse(source.awaitReplicated(unreplicated, 1, Duration.ofMillis(300)), "the sink is down");
            assertTrue(System.nanoTime() - start >= Duration.ofMillis(300).toNanos(), "waited the whole timeout");
            assertEquals(last, source.ackedIndex(Link.SINK), "what the sink held when it went");

            link.startSink();
            assertTrue(source.awaitReplicated(unreplicated, 1, Duration.ofSeconds(60)), "replicated once it is back");
            assertThrows(IllegalArgumentException.class, () -> source.awaitReplicated(unreplicated, 2, Duration.ZERO));
        }
    }
}
