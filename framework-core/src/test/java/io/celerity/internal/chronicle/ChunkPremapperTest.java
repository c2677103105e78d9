package io.celerity.internal.chronicle;

import net.openhft.chronicle.bytes.MappedBytes;
import net.openhft.chronicle.bytes.MappedFile;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bytes a writer allocates inside its writes while it crosses from chunk to chunk of a real queue file. */
class ChunkPremapperTest {
    private static final long CHUNK = 1 << 20;
    private static final int MESSAGE = 1024;
    private static final int WARM_UP_CHUNKS = 4;
    private static final int MEASURED_CHUNKS = 6;

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final ExecutorService background = Executors.newSingleThreadExecutor();

    @TempDir
    Path dir;

    @AfterEach
    void stopBackground() throws InterruptedException {
        background.shutdownNow();
        assertTrue(background.awaitTermination(10, TimeUnit.SECONDS));
    }

    @Test
    void aWriterCrossesIntoChunksMappedAheadWithoutAllocating() throws Exception {
        long[] crossings = crossings(true);
        assertTrue(crossings[0] >= MEASURED_CHUNKS - 1, () -> "crossings: " + crossings[0]);
        assertEquals(0, crossings[1], () -> "bytes allocated in " + crossings[0] + " writes that crossed");
    }

    @Test
    void aWriterThatCrossesAloneAllocatesAtEachCrossing() throws Exception {
        long[] crossings = crossings(false);
        assertTrue(crossings[0] >= MEASURED_CHUNKS - 1, () -> "crossings: " + crossings[0]);
        // The mapping, the file lock and the file's path, made anew at each crossing: 300-1,000 bytes each here.
        assertTrue(crossings[1] >= crossings[0] * 100, () -> "bytes allocated in " + crossings[0] + " crossings");
    }

    @Test
    void aQueueClosedBySomeoneElseKeepsNoMappingOfThePremapper() throws Exception {
        SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).blockSize(CHUNK).build();
        try (ChunkPremapper premapper = new ChunkPremapper(queue)) {
            MappedFile file;
            try (ExcerptAppender appender = queue.createAppender()) {
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().bytes().writeLong(1);
                    file = ((MappedBytes) dc.wire().bytes()).mappedFile();
                }
                premapper.mapAhead(); // while the writer holds the cycle's file, as on a host
            }
            queue.close();
            BackgroundResourceReleaser.releasePendingResources(); // where Chronicle releases a store
            assertTrue(file.refCount() > 0, "held by the premapper's store and chunk");
            premapper.mapAhead(); // the next pass
            BackgroundResourceReleaser.releasePendingResources();
            assertEquals(0, file.refCount(), "the cycle file's mapping, once its queue is closed");
        }
    }

    /**
     * Writes {@link #WARM_UP_CHUNKS} chunks, then counts the writes of the next ones that moved the writer into another
     * chunk's mapping, and this thread's allocation inside them: the crossings, without what else a write may allocate
     * (the JIT's work in progress, an index).
     */
    private long[] crossings(boolean mapAhead) throws Exception {
        THREADS.setThreadAllocatedMemoryEnabled(true);
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(dir).blockSize(CHUNK).build();
             ExcerptAppender appender = queue.createAppender();
             ChunkPremapper premapper = new ChunkPremapper(queue)) {
            long writes = (WARM_UP_CHUNKS + MEASURED_CHUNKS) * CHUNK / MESSAGE;
            long crossings = 0;
            long allocated = 0;
            for (long i = 0; i < writes; i++) {
                if (mapAhead && i % 64 == 0) // as the housekeeping thread does, well before each crossing
                    background.submit(premapper::mapAhead).get();
                Object mapping = i == 0 ? null : appender.wire().bytes().bytesStore();
                long before = THREADS.getCurrentThreadAllocatedBytes();
                write(appender, i);
                long bytes = THREADS.getCurrentThreadAllocatedBytes() - before;
                if (i * MESSAGE >= WARM_UP_CHUNKS * CHUNK && appender.wire().bytes().bytesStore() != mapping) {
                    crossings++;
                    allocated += bytes;
                }
            }
            return new long[]{crossings, allocated};
        }
    }

    private static void write(ExcerptAppender appender, long i) {
        try (DocumentContext dc = appender.writingDocument()) {
            for (int n = 0; n < MESSAGE / 8 - 4; n++)
                dc.wire().bytes().writeLong(i + n);
        }
    }
}
