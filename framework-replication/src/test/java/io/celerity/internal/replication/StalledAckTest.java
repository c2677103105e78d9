package io.celerity.internal.replication;

import io.aeron.Subscription;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A real source and a sink the test plays by hand, which never receives the last document sent to it (as when the
 * frame went out just before the sink's image was lost, and nothing was written after it): the source asks the sink
 * where it is and sends that document again. Found by the crash torture over hosts, where a risk check waited for
 * both replicas of a verdict that neither ever received.
 */
class StalledAckTest {

    private static final long IDLE = -1;

    @TempDir
    Path dir;
    private Link link;
    private AeronConnection sinkAeron;
    private Subscription data;
    private SinkReports reports;
    private final List<long[]> frames = new ArrayList<>(); // epoch and index of each data frame received

    @AfterEach
    void stop() {
        if (reports != null)
            reports.close();
        if (data != null)
            data.close();
        if (link != null)
            link.close();
        if (sinkAeron != null)
            sinkAeron.close();
    }

    /** Writes {@code documents}, starts the source, and plays its sink up to receiving them all in epoch 1. */
    private long[] streaming(int documents) {
        link = new Link(dir, RollCycles.FAST_DAILY);
        long[] written = write(documents);
        link.startSource();
        sinkAeron = AeronConnection.embedded(dir.resolve("b/aeron"));
        data = sinkAeron.aeron().addSubscription(link.data().channel(), link.data().streamId());
        reports = new SinkReports(sinkAeron.aeron().addExclusivePublication(link.control().channel(),
                link.control().streamId()), Link.SINK, RollCycles.FAST_DAILY);
        await("the source's hello", () -> last()[1] == Frames.HELLO);
        send(() -> reports.resume(1, IDLE));
        await("every document in epoch 1", () -> contains(1, written[documents - 1]));
        return written;
    }

    @Test
    void aDocumentSentButNeverAcknowledgedIsSentAgainFromWhereTheSinkSaysItIs() {
        long[] written = streaming(3);
        // The third is "lost": the sink acknowledges the first two only, and hears nothing more.
        send(() -> reports.ack(1, written[1]));
        int before = frames.size();

        await("a hello after the acknowledgements stalled", () -> frames.size() > before && last()[1] == Frames.HELLO);
        send(() -> reports.resume(2, written[1]));
        await("the third document again, in epoch 2", () -> contains(2, written[2]));
        assertEquals(List.of(written[1], written[2]), indexesIn(2),
                "the sink's last document (to compare), then the one it lacks");
    }

    @Test
    void aSinkThatAcknowledgedEverythingIsNotAskedAgainWhileTheQueueIsQuiet() {
        long[] written = streaming(2);
        send(() -> reports.ack(1, written[1]));
        int before = frames.size();

        // Quiet for longer than a stall; the sentinel written then must come in the same epoch, with no hello before.
        long quietUntil = System.nanoTime() + SinkLink.ACK_STALL_NS * 2;
        await("quiet for twice the stall", () -> System.nanoTime() > quietUntil);
        long sentinel = write(1)[0];
        await("the sentinel", () -> contains(1, sentinel));
        assertEquals(List.of(sentinel), frames.subList(before, frames.size()).stream().map(f -> f[1]).toList(),
                "nothing but the sentinel after the acknowledgement");
    }

    private long[] write(int documents) {
        long[] indexes = new long[documents];
        try (SingleChronicleQueue queue = link.openSource(); ExcerptAppender appender = queue.createAppender()) {
            for (int i = 0; i < documents; i++) {
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().write("n").int64(i);
                }
                indexes[i] = appender.lastIndexAppended();
            }
        }
        return indexes;
    }

    private void await(String what, BooleanSupplier done) {
        Link.await(what, Duration.ofSeconds(60), () -> {
            data.poll((buffer, offset, length, header) -> frames.add(new long[]{
                    buffer.getLong(offset + Frames.DATA_EPOCH, Frames.ORDER),
                    buffer.getLong(offset + Frames.DATA_INDEX, Frames.ORDER)}), 16);
            return !frames.isEmpty() && done.getAsBoolean();
        });
    }

    private static void send(BooleanSupplier report) {
        Link.await("a control frame sent", Duration.ofSeconds(60), report);
    }

    private long[] last() {
        return frames.get(frames.size() - 1);
    }

    private boolean contains(long epoch, long index) {
        return frames.stream().anyMatch(f -> f[0] == epoch && f[1] == index);
    }

    private List<Long> indexesIn(long epoch) {
        return frames.stream().filter(f -> f[0] == epoch && f[1] >= 0).map(f -> f[1]).toList();
    }
}
