package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import io.celerity.examples.topofbook.TopOfBookListener;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each benchmark's setup and one invocation, called directly (not through JMH): each does the work it claims. */
class JmhBenchmarksTest {

    @Test
    void writersAppendOneUpdateEachAndTheServiceOutputCarriesTheInputsHistory() {
        MethodWriterBenchmark bench = new MethodWriterBenchmark();
        bench.openQueue();
        try {
            bench.plainWriter();
            bench.serviceOutputWriter();
            ExcerptTailer tailer = bench.queue().createTailer();
            RecordingListener listener = new RecordingListener();
            VanillaMessageHistory history = new VanillaMessageHistory();
            MessageHistory.set(history);
            var reader = GeneratedOnly.reader(tailer.methodReader(listener));
            assertTrue(reader.readOne(), "the update the setup writes to create the cycle file");
            assertTrue(reader.readOne(), "the plain writer's update");
            assertEquals(Samples.topOfBook(new TopOfBook()), listener.last);
            assertTrue(reader.readOne(), "the service output writer's update");
            assertEquals(Samples.topOfBook(new TopOfBook()), listener.last);
            assertEquals(MethodWriterBenchmark.INPUT_SOURCE_ID, listener.lastSourceId, "source of the input in hand");
            assertEquals(1, listener.lastSourceIndex);
            assertFalse(reader.readOne(), "two calls, two documents after the setup's");
            // with Chronicle Wire 2026.7: event name and the 49-byte DTO; the service output adds 37 bytes of history
            ExcerptTailer documents = bench.queue().createTailer();
            assertEquals(60, documentLength(documents), "the setup's document");
            assertEquals(60, documentLength(documents), "the plain writer's document");
            assertEquals(97, documentLength(documents), "the service output's document");
        } finally {
            bench.deleteQueue();
        }
    }

    @Test
    void anIterationStopsBeforeItsQueueOutgrowsTheDiskBudget() {
        DiskBudget budget = new DiskBudget();
        for (int i = 0; i < DiskBudget.MAX_APPENDS; i++)
            budget.spendOne();
        IllegalStateException e = assertThrows(IllegalStateException.class, budget::spendOne);
        assertTrue(e.getMessage().startsWith("more than 33554432 appends to one scratch queue"), e.getMessage());
    }

    @Test
    void readerDispatchesOneUpdatePerCallAndStartsAgainAtTheEnd() {
        MethodReaderBenchmark bench = new MethodReaderBenchmark();
        MethodReaderBenchmark.FilledQueue queue = new MethodReaderBenchmark.FilledQueue();
        queue.messages = 3;
        queue.fill();
        try {
            for (int i = 1; i <= 4; i++)
                assertEquals(i, bench.readOne(queue), "updates dispatched after " + i + " reads of 3 messages");
            assertEquals(1.0850, queue.listener.lastBid);
        } finally {
            queue.delete();
        }
        MethodReaderBenchmark.EmptyQueue empty = new MethodReaderBenchmark.EmptyQueue();
        empty.open();
        try {
            assertEquals(2, bench.writeThenReadOne(empty), "one written and read in setup, one now");
            assertEquals(3, bench.writeThenReadOne(empty));
        } finally {
            empty.delete();
        }
    }

    @Test
    void binaryAndSelfDescribingRoundTripTheSameFieldsAndOnlyTheLatterWritesNames() {
        DtoSerialisationBenchmark bench = new DtoSerialisationBenchmark();
        bench.encodeOnce();
        try {
            assertEquals(bench.binaryLength(), bench.writeBinary());
            assertEquals(Samples.topOfBook(new TopOfBook()), bench.readBinary());
            assertEquals(bench.selfDescribingLength(), bench.writeSelfDescribing());
            SelfDescribingTopOfBook described = bench.readSelfDescribing();
            assertEquals(Samples.topOfBook(new SelfDescribingTopOfBook()), described);
            assertEquals(1 + 4 + 44, bench.binaryLength(), "a length code, a 4-byte length and 44 bytes of fields");
            // the same values with a 1-byte code and the name before each: 111 bytes with Chronicle Wire 2026.7
            assertEquals(111, bench.selfDescribingLength(), "self-describing length");
        } finally {
            bench.release();
        }
    }

    @Test
    void timestampsIncreaseAndCarryTheHostIdAndUuidsDiffer() {
        UniqueIdBenchmark bench = new UniqueIdBenchmark();
        bench.open();
        try {
            long first = bench.uniqueTimestamp();
            long beforeSecond = System.nanoTime();
            long second = bench.uniqueTimestamp();
            assertTrue(second > first, first + " then " + second);
            assertEquals(UniqueIdBenchmark.HOST_ID, UniqueTimestamps.hostIdOf(second));
            long onChronicleClock = bench.uniqueTimestampOnChronicleClock();
            long between = System.nanoTime() - beforeSecond; // a loaded machine may pause this thread in between
            assertTrue(bench.uniqueTimestampOnChronicleClock() > onChronicleClock);
            assertTrue(Math.abs(onChronicleClock - second) < 1_000_000_000L + between, "both clocks tell the wall-clock "
                    + "time: " + UniqueTimestamps.format(second) + " and " + UniqueTimestamps.format(onChronicleClock));
            assertNotEquals(bench.randomUuid(), bench.randomUuid());
            long beforeClocks = System.nanoTime();
            long clock = bench.clock();
            long chronicleClock = bench.chronicleClock();
            long betweenClocks = System.nanoTime() - beforeClocks;
            assertTrue(Math.abs(clock - chronicleClock) < 2_000_000L + betweenClocks,
                    "each within a millisecond of the wall clock: " + clock + " and " + chronicleClock + ", read "
                            + betweenClocks + " ns apart");
            long nanoTime = bench.nanoTime();
            assertTrue(bench.nanoTime() >= nanoTime);
        } finally {
            bench.delete();
        }
        assertTrue(Files.isDirectory(Scratch.root()));
    }

    @ParameterizedTest
    @ValueSource(strings = {"timestamps", "counter"})
    void everyMatchOperationFillsExactlyOneRestingOrder(String ids) {
        MatchingBenchmark bench = new MatchingBenchmark();
        bench.ids = ids;
        bench.buildBook();
        try {
            long levelUpdates = bench.outputs.levelUpdates;
            long reports = bench.outputs.reports;
            for (int i = 1; i <= 4; i++)
                assertEquals(i, bench.match(), "orders filled after " + i + " operations");
            assertEquals(0, bench.outputs.rejected);
            // a match empties the level at 100.00 and the taker's rest opens it again on the other side
            assertEquals(levelUpdates + 4 * 2, bench.outputs.levelUpdates);
            assertEquals(reports + 4 * 3, bench.outputs.reports, "new, partial fill and fill, each operation");
        } finally {
            bench.delete();
        }
    }

    @Test
    void anUnknownIdSourceIsRefused() {
        MatchingBenchmark bench = new MatchingBenchmark();
        bench.ids = "uuid";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, bench::buildBook);
        assertEquals("ids 'uuid': expected timestamps or counter", e.getMessage());
    }

    private static long documentLength(ExcerptTailer tailer) {
        try (DocumentContext document = tailer.readingDocument()) {
            assertTrue(document.isPresent());
            return document.wire().bytes().readRemaining();
        }
    }

    /** Keeps a copy of the last update and the last source in its message history. */
    public static final class RecordingListener implements TopOfBookListener {
        final TopOfBook last = new TopOfBook();
        int lastSourceId;
        long lastSourceIndex;

        @Override
        public void topOfBook(TopOfBook topOfBook) {
            topOfBook.copyTo(last);
            MessageHistory history = MessageHistory.get();
            lastSourceId = history.sources() == 0 ? -1 : history.sourceId(history.sources() - 1);
            lastSourceIndex = history.sources() == 0 ? -1 : history.sourceIndex(history.sources() - 1);
        }
    }
}
