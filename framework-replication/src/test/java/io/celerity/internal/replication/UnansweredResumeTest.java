package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycles;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real sink and a source the test drives by hand: how long the sink waits for the answer to its resume.
 */
class UnansweredResumeTest {

    private static final long FIRST = RollCycles.FAST_DAILY.toIndex(20_000, 0);

    @TempDir
    Path dir;
    private Link link;
    private ScriptedSource source;

    @BeforeEach
    void startTheSink() {
        link = new Link(dir, RollCycles.FAST_DAILY);
        source = new ScriptedSource(dir.resolve("a/aeron"), link);
        link.startSink();
    }

    @AfterEach
    void stop() {
        link.close();
        source.close();
    }

    /**
     * Found by the crash torture over hosts: Aeron starts a restarted sink's image where the source's sender is when it
     * joins, so a source still counting the old sink's publication connected can answer the resume with frames that
     * never arrive; when nothing is written after them no gap shows it, and a sink resending the same epoch, which the
     * source has already moved for, waited for ever. Each epoch left unanswered doubles the wait before the next (1 s,
     * 2 s, ... up to 8 s), so a slow link is not made to start over every second (found by review).
     */
    @Test
    void aSinkWhoseResumeGoesUnansweredResumesAgainInANewEpochAfterAWaitThatDoubles() {
        // A source that reads the sink's resumes and never answers: the lost answer, every time.
        Link.await("resumes in three epochs", Duration.ofSeconds(120), () -> source.pollResumes().size() >= 3);
        assertTrue(link.sink.agent.lastIndex() < 0, "nothing received");
        // The second epoch waits 2 s: half a second of slack for a late first sight of it on a loaded machine.
        long secondWaitedMs = (source.firstSeenNs(2) - source.firstSeenNs(1)) / 1_000_000;
        assertTrue(secondWaitedMs >= 1_500, "the second epoch waited " + secondWaitedMs + " ms, not about 2 s");
    }

    /**
     * Frames of an older epoch still arriving (a backlog draining over a slow link) keep the sink waiting for the late
     * answer: a new epoch each second made the source start over, so a catch-up slower than that never finished (found
     * by review).
     */
    @Test
    void framesOfAnOlderEpochKeepTheSinkWaitingForTheAnswerToItsResume() {
        FramePublisher data = source.data();
        Link.await("the sink's first resume", Duration.ofSeconds(120), () -> !source.pollResumes().isEmpty());
        long epoch = source.pollResumes().get(0);
        UnsafeBuffer document = new UnsafeBuffer(ByteBuffer.allocateDirect(8));
        document.putLong(0, 42);
        // An older epoch's backlog for 3 s, then the answer: three times the sink's first wait.
        long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (System.nanoTime() - end < 0) {
            data.publish(epoch - 2, FIRST, document.addressOffset(), 8);
            source.pollResumes();
            Link.sleep(1);
        }
        Link.await("the late answer sent", Duration.ofSeconds(60), () -> data.resumed(epoch) > 0
                && data.publish(epoch, FIRST, document.addressOffset(), 8) > 0);
        link.awaitSinkHolds(FIRST);
        assertEquals(List.of(epoch), source.pollResumes(), "one epoch: the sink waited while older frames arrived");
    }
}
