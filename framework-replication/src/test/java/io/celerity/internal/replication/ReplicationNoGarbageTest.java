package io.celerity.internal.replication;

import io.celerity.extension.OutputGate;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongConsumer;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In steady state the source's and the sink's agent threads allocate nothing per document: small documents written in
 * place, large ones fragmented by Aeron and reassembled, appended at their index, acknowledged.
 */
class ReplicationNoGarbageTest {

    private static final Logger LOG = LoggerFactory.getLogger(ReplicationNoGarbageTest.class);

    private static final int WINDOW = 20_000;
    private static final int MAX_WINDOWS = 30;
    /** Chronicle re-creates its weakly held index caches after a collection: about 300 bytes, none per message. */
    private static final long BYTES_PER_COLLECTION = 1_024;

    @TempDir
    Path dir;

    @Test
    void theAgentThreadsAllocateNothingPerDocument() {
        try (Link link = new Link(dir, RollCycles.FAST_DAILY);
             SingleChronicleQueue queue = link.openSource();
             ExcerptAppender appender = queue.createAppender()) {
            link.startSink();
            link.startSource();
            measure(appender, link.source.thread(), link.sink.thread(), link::awaitSinkHolds);
        }
    }

    /** A highly available queue's source, gating a replica on its eligible standby: the same, source and replica. */
    @Test
    void aHighlyAvailableSourceAndItsGatedReplicaAllocateNothingPerDocument() {
        try (HaHosts hosts = new HaHosts(dir)) {
            hosts.start(HaHosts.A);
            hosts.start(HaHosts.B);
            hosts.startReplica();
            hosts.cluster.grant("a");
            Side<HaReplicator> a = hosts.candidates[HaHosts.A];
            Link.await("a to hold the lease", Duration.ofSeconds(120), () -> a.agent.state(System.nanoTime()) == OutputGate.State.OPEN);
            Link.await("b to be eligible", Duration.ofSeconds(120), () -> hosts.cluster.eligible("b"));
            try (ExcerptAppender appender = a.queue.createAppender()) {
                measure(appender, a.thread(), hosts.replica.thread(), last -> Link.await("c to hold the window",
                        Duration.ofSeconds(120), () -> hosts.replica.agent.lastIndex() >= last));
            }
        }
    }

    private static void measure(ExcerptAppender appender, Thread sourceThread, Thread sinkThread,
                                LongConsumer awaitSinkHolds) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long source = sourceThread.getId();
        long sink = sinkThread.getId();
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
            awaitSinkHolds.accept(last);
            long allowed = (collections() - collections) * BYTES_PER_COLLECTION;
            long bySource = threads.getThreadAllocatedBytes(source) - sourceBefore;
            long bySink = threads.getThreadAllocatedBytes(sink) - sinkBefore;
            windows.add("(" + bySource + " B, " + bySink + " B)");
            quietInARow = bySource <= allowed && bySink <= allowed ? quietInARow + 1 : 0;
        }
        LOG.info("allocation per window of {} documents (source, sink): {}", WINDOW, windows);
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }
}
