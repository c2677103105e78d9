package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * What a sink says it holds counts as a copy (for {@code acks}) only once the source holds the same: a deposed primary
 * rejoining with outputs the new primary never had must not make those outputs look replicated.
 */
class SinkClaimTest {

    private static final RollCycles CYCLE = RollCycles.FAST_DAILY;

    @TempDir
    Path dir;

    @Test
    void aSinkClaimingMoreThanTheSourceHoldsCountsForNothing() {
        try (ChronicleQueue source = SingleChronicleQueueBuilder.binary(dir).rollCycle(CYCLE).build()) {
            ExcerptAppender appender = source.createAppender();
            for (int i = 0; i < 3; i++)
                appender.writeText("answer " + i);
            long last = source.lastIndex();

            SinkLink diverged = link(source, 1);
            diverged.onResume(1, last + 2, Frames.cycleLayout(CYCLE), CYCLE.lengthInMillis());
            assertNotNull(diverged.failure(), "refused");
            assertEquals(-1, diverged.ackedIndex(), "its claim is not a copy");
            diverged.onResume(1, last + 2, Frames.cycleLayout(CYCLE), CYCLE.lengthInMillis());
            diverged.onAck(1, last + 2);
            assertEquals(-1, diverged.ackedIndex(), "nor when it says so again");

            SinkLink held = link(source, 2);
            held.onResume(1, last, Frames.cycleLayout(CYCLE), CYCLE.lengthInMillis());
            assertEquals(last, held.ackedIndex(), "a claim the source holds counts");
        }
    }

    private static SinkLink link(ChronicleQueue source, int id) {
        SinkLink link = new SinkLink("reports", new SinkEndpoint(id, new Endpoint("aeron:udp?endpoint=127.0.0.1:40100",
                id)), CYCLE, 2, 0);
        link.open(source.createTailer(), null);
        return link;
    }
}
