package io.celerity.internal.replication;

import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.rollcycles.TestRollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A document the replica cannot take (its cycle file cannot be made: a full disk, a file system error) is received
 * again once it can: the sink stops, waits, and resumes from its last document. Before, Aeron's poll handed the
 * exception to its error handler and went on past the frame; with nothing written after it, it was lost (found by
 * review).
 */
class ReplicaWriteFailureTest {

    private static final RollCycle SECONDLY = TestRollCycles.TEST_SECONDLY;

    @TempDir
    Path dir;
    // Moved by the test, so the next document is in the next cycle.
    private final SetTimeProvider clock = new SetTimeProvider(Instant.parse("2026-11-24T10:00:00Z"));

    @Test
    void aDocumentTheReplicaCouldNotAppendArrivesOnceItCan() throws Exception {
        try (Link link = new Link(dir, SECONDLY).clock(clock); SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSource();
            link.startSink();
            long first = Documents.write(appender, 0);
            link.awaitSinkHolds(first);
            // The next cycle's file cannot be made in the replica: a directory holds its name.
            clock.advanceMillis(1_000);
            Path blocker = link.sinkQueue().resolve(fileName(SECONDLY.toCycle(first) + 1));
            Files.createDirectory(blocker);
            long last = Documents.write(appender, 1);
            assertEquals(SECONDLY.toCycle(first) + 1, SECONDLY.toCycle(last), "in the next cycle");
            Link.sleep(2_500); // time must pass: the sink fails, and fails again on its retries, a second apart
            link.sink.awaitPasses(100); // and it ran on after them
            assertEquals(first, link.sink.agent.lastIndex(), "not appended while the file cannot be made");

            Files.delete(blocker);
            link.awaitSinkHolds(last);
            assertTrue(QueueComparison.compare(queue, link.sink.queue).same(), "the same queue");
            assertTrue(link.sink.errors.isEmpty(), "nothing left to the agent's error handler: " + link.sink.errors);
        }
    }

    private static String fileName(int cycle) {
        return DateTimeFormatter.ofPattern(SECONDLY.format()).withZone(ZoneOffset.UTC)
                .format(Instant.ofEpochMilli((long) cycle * SECONDLY.lengthInMillis())) + ".cq4";
    }
}
