package io.celerity.internal.chronicle;

import io.celerity.fixtures.Queues;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.TableStoreWriteLock;
import net.openhft.chronicle.threads.YieldingPauser;
import net.openhft.chronicle.wire.Wires;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Cycle files a killed writer left without a complete header are moved aside; every other file stays. */
class IncompleteCycleFilesTest {

    @TempDir
    Path dir;

    private long writeThree(Path queue) {
        try (ChronicleQueue q = Queues.open(queue); ExcerptAppender appender = q.createAppender()) {
            for (int i = 0; i < 3; i++)
                appender.writeText("message " + i);
            return q.lastIndex();
        }
    }

    private static List<Path> moveAside(Path queue) {
        try (ChronicleQueue q = Queues.open(queue)) {
            return IncompleteCycleFiles.moveAside((SingleChronicleQueue) q);
        }
    }

    @Test
    void aHeaderNeverCompletedIsMovedAsideAndTheQueueEndsAtItsLastMessageAgain() throws IOException {
        Path queue = dir.resolve("q");
        long last = writeThree(queue);
        Path begun = Queues.incompleteCycleFile(queue, Wires.NOT_COMPLETE);

        try (ChronicleQueue q = Queues.open(queue); ExcerptTailer tailer = q.createTailer();
             ExcerptAppender appender = q.createAppender()) {
            List<Path> moved = IncompleteCycleFiles.moveAside((SingleChronicleQueue) q);

            assertEquals(1, moved.size(), moved.toString());
            assertFalse(Files.exists(begun));
            assertTrue(moved.get(0).getFileName().toString().startsWith(begun.getFileName() + "-"), moved.toString());
            assertTrue(moved.get(0).toString().endsWith(".discard"), moved.toString());
            assertEquals(last, q.lastIndex(), "the open queue's listing no longer counts the file");
            assertEquals(last + 1, tailer.toEnd().index(), "toEnd() lands after the last message, not in the file");
            appender.writeText("message 3");
        }
        assertEquals(4, Queues.count(queue), "nothing lost, and the queue is written on");
    }

    @Test
    void aFileWithNoHeaderAtAllIsMovedAsideToo() throws IOException {
        Path queue = dir.resolve("q");
        writeThree(queue);
        Queues.incompleteCycleFile(queue, 0);
        Path empty = Files.createFile(queue.resolve("20000101F.cq4")); // killed before the file had any length

        assertEquals(2, moveAside(queue).size());
        assertFalse(Files.exists(empty));
        assertEquals(3, Queues.count(queue));
    }

    @Test
    void completeFilesAndOtherFilesAreLeftAlone() throws IOException {
        Path queue = dir.resolve("q");
        writeThree(queue);
        List<Path> before;
        try (var files = Files.list(queue)) {
            before = files.sorted().toList();
        }

        assertEquals(List.of(), moveAside(queue));
        try (var files = Files.list(queue)) {
            assertEquals(before, files.sorted().toList());
        }
    }

    @Test
    void aFileIsLookedAtOnlyOnceNoLiveWriterHoldsTheWriteLockItCreatesFilesUnder() throws Exception {
        Path queue = dir.resolve("q");
        writeThree(queue);
        Queues.incompleteCycleFile(queue, Wires.NOT_COMPLETE); // as a live writer creating it leaves it for a moment
        try (ChronicleQueue q = Queues.open(queue);
             TableStoreWriteLock writer = new TableStoreWriteLock(((SingleChronicleQueue) q).metaStore(),
                     () -> new YieldingPauser(500_000), 15_000L)) {
            writer.lock();
            FutureTask<List<Path>> moved = new FutureTask<>(() -> IncompleteCycleFiles.moveAside((SingleChronicleQueue) q));
            Thread mover = new Thread(moved, "mover");
            mover.start();
            // seen waiting on the write lock: it got as far as it may before the writer lets go
            Queues.await("the mover waits on the write lock", Duration.ofSeconds(30),
                    () -> Arrays.stream(mover.getStackTrace()).anyMatch(f -> f.getClassName()
                            .startsWith(TableStoreWriteLock.class.getPackageName()) && f.getClassName().contains("Lock")));
            assertFalse(moved.isDone(), "looked at the file while its writer held the lock");
            writer.unlock(); // the writer died with it incomplete after all
            assertEquals(1, moved.get(30, TimeUnit.SECONDS).size());
        }
    }
}
