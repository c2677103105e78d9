package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One source, two sinks on two hosts: each gets the whole queue, and a writer can wait for one or for both. */
class TwoSinksTest {

    @TempDir
    Path dir;

    @Test
    void eachSinkIsServedFromItsOwnPlaceAndAwaitingCountsTheSinksHoldingAnIndex() {
        Link first = new Link(dir, RollCycles.FAST_DAILY);
        Link second = new Link(dir.resolve("second"), RollCycles.FAST_DAILY);
        // The second sink reports to the first link's source, on the same control stream as the first sink.
        SinkEndpoint one = new SinkEndpoint(1, first.data());
        SinkEndpoint two = new SinkEndpoint(2, second.data());
        try (SingleChronicleQueue queue = first.openSource(); ExcerptAppender appender = queue.createAppender();
             Side<QueueSource> source = Side.source(dir.resolve("a/aeron"), first.openSource(), first.control(),
                     List.of(one, two));
             Side<QueueSink> sinkOne = Side.sink(dir.resolve("b/aeron"), first.openSink(), 1, first.data(),
                     first.control())) {
            long last = -1;
            for (int n = 0; n < 3_000; n++)
                last = Documents.write(appender, n);
            assertTrue(source.agent.awaitReplicated(last, 1, Duration.ofSeconds(60)), "one sink holds it");
            assertFalse(source.agent.awaitReplicated(last, 2, Duration.ofMillis(200)), "the second is not up");
            assertEquals(-1, source.agent.ackedIndex(2));

            try (Side<QueueSink> sinkTwo = Side.sink(dir.resolve("c/aeron"), second.openSink(), 2, second.data(),
                    first.control())) {
                assertTrue(source.agent.awaitReplicated(last, 2, Duration.ofSeconds(60)), "both hold it");
                assertEquals(last, source.agent.ackedIndex(1));
                assertEquals(last, source.agent.ackedIndex(2));
                for (Side<QueueSink> sink : List.of(sinkOne, sinkTwo)) {
                    QueueComparison.Result result = QueueComparison.compare(source.queue, sink.queue);
                    assertTrue(result.same(), result.difference());
                    assertEquals(3_000, result.documents());
                }
            }
        }
    }
}
