package io.celerity.internal.replication;

import io.aeron.Subscription;
import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sink whose resume goes unanswered asks again in a new epoch. Found by the crash torture over hosts: Aeron starts a
 * restarted sink's image where the source's sender is when it joins, so a source still counting the old sink's
 * publication connected can answer the resume with frames that never arrive; when nothing is written after them no
 * gap shows it, and a sink resending the same epoch, which the source has already moved for, waited for ever.
 */
class UnansweredResumeTest {

    @TempDir
    Path dir;

    @Test
    void aSinkWhoseResumeGoesUnansweredResumesAgainInANewEpoch() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             AeronConnection source = AeronConnection.embedded(dir.resolve("a/aeron"));
             Subscription control = source.aeron().addSubscription(link.control().channel(),
                     link.control().streamId())) {
            // A source that reads the sink's resumes and never answers: the lost answer, every time.
            link.startSink();
            Set<Long> epochs = new TreeSet<>();
            Link.await("resumes in two epochs", Duration.ofSeconds(120), () -> {
                control.poll((buffer, offset, length, header) -> {
                    if (buffer.getInt(offset + Frames.CONTROL_TYPE, Frames.ORDER) == Frames.RESUME)
                        epochs.add(buffer.getLong(offset + Frames.CONTROL_EPOCH, Frames.ORDER));
                }, 16);
                return epochs.size() >= 2;
            });
            assertTrue(link.sink.agent.lastIndex() < 0, "nothing received");
        }
    }
}
