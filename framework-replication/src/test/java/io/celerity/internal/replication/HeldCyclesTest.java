package io.celerity.internal.replication;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.StoreFileListener;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A replica's writer holds no old cycle: retention deletes only cycles nobody holds (a Chronicle tailer holds the one
 * it sits on), so a verify tailer left on the first cycle would keep a copy from ever being trimmed.
 */
class HeldCyclesTest {

    @TempDir
    Path dir;

    private final SetTimeProvider clock = new SetTimeProvider(1_767_225_600_000_000_000L);
    private final Map<Integer, Integer> held = new TreeMap<>(); // cycle -> acquisitions not yet released

    @Test
    void aReplicaWriterHoldsOnlyTheNewestCycleAfterAppendingAndVerifying() {
        try (SingleChronicleQueue source = open(dir.resolve("source"), null);
             SingleChronicleQueue replica = open(dir.resolve("replica"), new Counting())) {
            try (ExcerptAppender appender = source.createAppender()) {
                for (int cycle = 0; cycle < 5; cycle++) {
                    appender.writeText("document " + cycle);
                    clock.advanceMillis(TimeUnit.HOURS.toMillis(1));
                }
            }
            try (ReplicaWriter writer = new ReplicaWriter("q", replica);
                 ExcerptTailer tailer = source.createTailer()) {
                long first = -1;
                long last = -1;
                while (true) {
                    try (DocumentContext dc = tailer.readingDocument()) {
                        if (!dc.isPresent())
                            break;
                        assertEquals(ReplicaWriter.APPENDED, write(writer, dc));
                        first = first < 0 ? dc.index() : first;
                        last = dc.index();
                    }
                }
                tailer.moveToIndex(first); // a resend of old documents: compared by the verify tailer
                try (DocumentContext dc = tailer.readingDocument()) {
                    assertEquals(ReplicaWriter.HELD, write(writer, dc));
                }
                BackgroundResourceReleaser.releasePendingResources();
                int newest = replica.rollCycle().toCycle(last);
                held.values().removeIf(n -> n == 0);
                assertEquals(Map.of(newest, held.getOrDefault(newest, 0)), held,
                        "cycles held by the replica's writer (cycle -> holds); only the newest may be");
            }
        }
    }

    private static int write(ReplicaWriter writer, DocumentContext dc) {
        Bytes<?> bytes = dc.wire().bytes();
        int length = (int) bytes.readRemaining();
        return writer.write(dc.index(), bytes.addressForRead(bytes.readPosition(), length), length);
    }

    private SingleChronicleQueue open(Path path, StoreFileListener listener) {
        SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(path).rollCycle(RollCycles.FAST_HOURLY)
                .timeProvider(clock);
        if (listener != null)
            builder.storeFileListener(listener);
        return builder.build();
    }

    private final class Counting implements StoreFileListener {
        @Override
        public synchronized void onAcquired(int cycle, File file) {
            held.merge(cycle, 1, Integer::sum);
        }

        @Override
        public synchronized void onReleased(int cycle, File file) {
            held.merge(cycle, -1, Integer::sum);
        }
    }
}
