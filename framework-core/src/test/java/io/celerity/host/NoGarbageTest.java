package io.celerity.host;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickSink;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In steady state the loop thread reads, dispatches and writes binary DTOs without allocating per message, also while
 * it records latencies for a metrics endpoint scraped every {@link #CHUNK} messages. See {@link Window} for the one
 * allocation allowed.
 */
class NoGarbageTest {

    private static final int WINDOW = 50_000;
    private static final int MAX_WINDOWS = 20;
    private static final int MEASURED = 100_000;
    private static final int CHUNK = 10_000;
    private static final int SNAPSHOT_EVERY = 1_000;
    private static final Pattern SERVICE_COUNT =
            Pattern.compile("celerity_latency_seconds_count\\{service=\"echo\",hop=\"service\"} (\\d+)\n");

    @TempDir
    Path dir;

    @Test
    void theLoopThreadAllocatesNothingPerMessage() throws Exception {
        try (ServiceHost host = ServiceHost.start(config().build())) {
            measureSteadyState(host, () -> {
            });
        }
    }

    @Test
    void theLoopThreadAllocatesNothingPerMessageWhileItsLatenciesAreRecordedAndScraped() throws Exception {
        try (ServiceHost host = ServiceHost.start(config().metricsPort(0).build())) {
            HttpClient client = HttpClient.newHttpClient();
            long[] recorded = {0};
            // Each scrape swaps the latency intervals while the loop works through what was just sent.
            measureSteadyState(host, () -> recorded[0] += serviceCount(MetricsEndpointTest.scrape(client,
                    host.metricsPort())));
            // Each input is in exactly one scrape's interval: the swaps lose and repeat nothing.
            long last = serviceCount(MetricsEndpointTest.scrape(client, host.metricsPort()));
            assertEquals(host.stats("echo").inputs(), recorded[0] + last, "latencies over all scrapes");
        }
    }

    @Test
    void theLoopThreadAllocatesNothingPerMessageOnATypedQueueAcknowledgingEveryInputForItsRebuild() throws Exception {
        // A component that writes nothing: under REPLAY_INPUTS the runner acknowledges each input in a document.
        CelerityConfig.Builder config = CelerityConfig.builder()
                .queue(QueueConfig.of("in", dir.resolve("in")).withEvents(List.of(TickIn.class.getName())))
                .queue("out", dir.resolve("out"))
                .queue("errors", dir.resolve("errors"))
                .eventLoop(new EventLoopConfig("hot", PauserType.YIELDING, Affinity.NONE))
                .service(ServiceConfig.of("echo", TickSink.class, List.of("in"), "out").withEventLoop("hot")
                        .withRebuild(StateRebuild.REPLAY_INPUTS).withErrors("errors"));
        try (ServiceHost host = ServiceHost.start(config.build())) {
            measureSteadyState(host, () -> {
            });
        }
    }

    @Test
    void theLoopThreadAllocatesNothingPerMessageWhileItTakesASnapshotEveryThousandInputs() throws Exception {
        CelerityConfig.Builder config = CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .queue("out", dir.resolve("out"))
                .queue("snapshots", dir.resolve("snapshots"))
                .eventLoop(new EventLoopConfig("hot", PauserType.YIELDING, Affinity.NONE))
                .service(ServiceConfig.of("echo", SnapshottingCounter.class, List.of("in"), "out").withEventLoop("hot")
                        .withRebuild(StateRebuild.REPLAY_OUTPUTS)
                        .withSnapshot(new SnapshotConfig("snapshots", "writeCounts", SNAPSHOT_EVERY, null)));
        try (ServiceHost host = ServiceHost.start(config.build())) {
            measureSteadyState(host, () -> {
            });
            assertTrue(host.stats("echo").snapshots() >= (WINDOW * 3 + MEASURED) / SNAPSHOT_EVERY,
                    "snapshots taken: " + host.stats("echo").snapshots());
        }
    }

    private CelerityConfig.Builder config() {
        return CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .queue("out", dir.resolve("out"))
                .eventLoop(new EventLoopConfig("hot", PauserType.YIELDING, Affinity.NONE))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withEventLoop("hot"));
    }

    /**
     * Sends windows of messages, calling {@code everyChunk} after each {@link #CHUNK}, until two quiet windows in a row
     * are followed by a quiet measured one of {@link #MEASURED} messages. Until then C2 is still compiling: a late
     * deoptimisation (a branch first taken) makes a window allocate, and the count starts again. Allocation per message
     * never settles.
     */
    private void measureSteadyState(ServiceHost host, Chunk everyChunk) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (ChronicleQueue in = Queues.open(dir.resolve("in"))) {
            TickIn writer = in.methodWriter(TickIn.class);
            Tick tick = new Tick();
            long loopThread = host.loopThread("hot").getId();
            int sent = 0;
            int quietInARow = 0;
            List<Window> windows = new ArrayList<>();
            while (true) {
                assertTrue(windows.size() < MAX_WINDOWS, "no steady state: the loop thread allocated, per window, "
                        + windows + "; allowed: none, or " + Window.BYTES_PER_COLLECTION + " B per garbage collection");
                boolean measuring = quietInARow == 2;
                int count = measuring ? MEASURED : WINDOW;
                Window window = process(threads, loopThread, host, writer, tick, sent, count, everyChunk);
                sent += count;
                windows.add(window);
                if (measuring && window.quiet()) {
                    assertEquals(0, host.stats("echo").handlerErrors() + host.stats("echo").badMessages());
                    return;
                }
                quietInARow = window.quiet() ? quietInARow + 1 : 0;
            }
        }
    }

    private static Window process(com.sun.management.ThreadMXBean threads, long thread, ServiceHost host, TickIn writer,
                                  Tick tick, int from, int count, Chunk everyChunk) throws Exception {
        long collections = collections();
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = from; i < from + count; i++) {
            writer.tick(tick.set(1, i, i));
            if ((i + 1) % CHUNK == 0)
                everyChunk.sent();
        }
        Queues.await("processing", Duration.ofSeconds(60), () -> host.stats("echo").outputs() == from + count);
        return new Window(threads.getThreadAllocatedBytes(thread) - before, collections() - collections);
    }

    private static long collections() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    /**
     * What the loop thread allocated while it processed a window of messages, and the collections meanwhile. Chronicle
     * Queue holds its per-thread index caches by weak reference; a collection (caused by garbage elsewhere, e.g. a
     * scrape) clears them, and the next read or write makes them again: about 300 bytes per collection (measured with
     * JFR), none per message. A window is quiet when it allocated nothing beyond that.
     */
    private record Window(long bytes, long collections) {
        static final long BYTES_PER_COLLECTION = 1_024;

        boolean quiet() {
            return bytes <= collections * BYTES_PER_COLLECTION;
        }

        @Override
        public String toString() {
            return bytes + " B" + (collections == 0 ? "" : " (" + collections + " GC)");
        }
    }

    private static long serviceCount(String scrape) {
        Matcher m = SERVICE_COUNT.matcher(scrape);
        assertTrue(m.find(), scrape);
        return Long.parseLong(m.group(1));
    }

    /** What the test does after each chunk of messages sent, e.g. scrape the metrics endpoint. */
    private interface Chunk {
        void sent() throws Exception;
    }
}
