package io.celerity.internal.replication;

import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In steady state the source's and the sink's agent threads allocate nothing per document: small documents written in
 * place, large ones fragmented by Aeron and reassembled, appended at their index, acknowledged.
 */
class ReplicationNoGarbageTest {

    private static final int WINDOW = 20_000;
    private static final int MAX_WINDOWS = 30;
    /** Chronicle re-creates its weakly held index caches after a collection: about 300 bytes, none per message. */
    private static final long BYTES_PER_COLLECTION = 1_024;

    @TempDir
    Path dir;

    @Test
    void theAgentThreadsAllocateNothingPerDocument() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSink();
            link.startSource();
            long source = link.source.thread().getId();
            long sink = link.sink.thread().getId();
            List<String> windows = new ArrayList<>();
            int quietInARow = 0;
            long n = 0;
            // Until C2 has compiled what the threads run, a window may allocate: three quiet ones in a row count.
            while (quietInARow < 3) {
                assertTrue(windows.size() < MAX_WINDOWS, "no steady state; per window (source, sink): " + windows);
                long collections = collections();
                long sourceBefore = threads.getThreadAllocatedBytes(source);
                long sinkBefore = threads.getThreadAllocatedBytes(sink);
                long last = -1;
                for (int i = 0; i < WINDOW; i++)
                    last = Documents.write(appender, n++);
                link.awaitSinkHolds(last);
                long allowed = (collections() - collections) * BYTES_PER_COLLECTION;
                long bySource = threads.getThreadAllocatedBytes(source) - sourceBefore;
                long bySink = threads.getThreadAllocatedBytes(sink) - sinkBefore;
                windows.add("(" + bySource + " B, " + bySink + " B)");
                quietInARow = bySource <= allowed && bySink <= allowed ? quietInARow + 1 : 0;
            }
            System.out.println("allocation per window of " + WINDOW + " documents (source, sink): " + windows);
        }
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
