package io.celerity.benchmarks.durability;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.config.StateRebuild;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.OrderManager;
import io.celerity.host.ServiceHost;
import io.celerity.snapshot.SnapshotEnded;
import io.celerity.snapshot.SnapshotMarks;
import io.celerity.snapshot.SnapshotStarted;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The persisted history of an order manager (the OMS example's) that a restart rebuilds from: its {@code checked}
 * requests, its {@code reports}, and one snapshot on {@code order-snapshots}, taken a few requests before the end.
 */
final class OrderHistory {

    static final String SERVICE = "order-manager";
    private static final String SNAPSHOTS = "order-snapshots";
    private static final long WAIT_NANOS = 600_000_000_000L;

    private final Path dir;
    private final int requests;
    private final long afterSnapshot;
    private long snapshotEvents = -1;
    private long snapshotNanos;

    private OrderHistory(Path dir, int requests, long afterSnapshot) {
        this.dir = dir;
        this.requests = requests;
        this.afterSnapshot = afterSnapshot;
    }

    /**
     * Runs the order manager over {@code requests} requests of {@code flow}; it takes its snapshot after all but the
     * last {@code afterSnapshot}.
     */
    static OrderHistory build(Path dir, RequestFlow flow, int requests, long afterSnapshot, long churnLive)
            throws InterruptedException {
        OrderHistory history = new OrderHistory(dir, requests, afterSnapshot);
        long beforeSnapshot = requests - afterSnapshot;
        try (ChronicleQueue checked = SingleChronicleQueueBuilder.binary(dir.resolve("checked")).build();
             ServiceHost host = ServiceHost.start(history.config(StateRebuild.REPLAY_INPUTS, true, PauserType.BUSY))) {
            RequestFlow.Sender sender = flow.sender(checked.methodWriter(OrderEntry.class), churnLive);
            for (long n = 0; n < beforeSnapshot; n++)
                sender.send(n, n);
            awaitOutputs(host, beforeSnapshot);
            long start = System.nanoTime(); // the snapshot is written in the pass that answered the last request
            while (host.stats(SERVICE).snapshots() == 0) {
                checkProgress(start);
                Thread.onSpinWait();
            }
            history.snapshotNanos = System.nanoTime() - start;
            for (long n = beforeSnapshot; n < requests; n++)
                sender.send(n, n);
            awaitOutputs(host, requests);
        }
        history.snapshotEvents = history.readSnapshotEvents();
        return history;
    }

    /**
     * The order manager on this history's queues.
     *
     * @param snapshots whether it takes (and so restarts from) snapshots
     */
    CelerityConfig config(StateRebuild rebuild, boolean snapshots, PauserType pauser) {
        ServiceConfig manager = ServiceConfig.of(SERVICE, OrderManager.class, List.of("checked"), "reports")
                .withEventLoop("manager").withRebuild(rebuild).withSettings(Map.of("capacity", requests));
        CelerityConfig.Builder b = CelerityConfig.builder()
                .queue("checked", dir.resolve("checked"))
                .queue("reports", dir.resolve("reports"))
                .eventLoop(new EventLoopConfig("manager", pauser, Affinity.NONE));
        if (snapshots) {
            b.queue(SNAPSHOTS, dir.resolve(SNAPSHOTS));
            manager = manager.withSnapshot(new SnapshotConfig(SNAPSHOTS, "writeOrderBook", requests - afterSnapshot,
                    null));
        }
        return b.service(manager).build();
    }

    int requests() {
        return requests;
    }

    long afterSnapshot() {
        return afterSnapshot;
    }

    /** State events in the snapshot: the last order id and one per order live when it was taken. */
    long snapshotEvents() {
        return snapshotEvents;
    }

    /** How long writing the snapshot held up the order manager's loop, about (seen from another thread). */
    long snapshotNanos() {
        return snapshotNanos;
    }

    private long readSnapshotEvents() {
        long[] events = {-1};
        SnapshotMarks marks = new SnapshotMarks() {
            @Override
            public void snapshotStarted(SnapshotStarted started) {
            }

            @Override
            public void snapshotEnded(SnapshotEnded ended) {
                events[0] = ended.events();
            }
        };
        try (ChronicleQueue q = SingleChronicleQueueBuilder.binary(dir.resolve(SNAPSHOTS)).build();
             ExcerptTailer tailer = q.createTailer()) {
            MethodReader reader = tailer.methodReaderBuilder().defaultParselet((event, in) -> in.skipValue())
                    .build(marks);
            while (reader.readOne()) {
                // the end mark says how many events the snapshot holds
            }
        }
        if (events[0] < 0)
            throw new IllegalStateException("no complete snapshot in " + dir.resolve(SNAPSHOTS));
        return events[0];
    }

    private static void awaitOutputs(ServiceHost host, long outputs) throws InterruptedException {
        long start = System.nanoTime();
        while (host.stats(SERVICE).outputs() < outputs) {
            checkProgress(start);
            Thread.sleep(1);
        }
    }

    private static void checkProgress(long start) {
        if (System.nanoTime() - start > WAIT_NANOS)
            throw new IllegalStateException("the order manager did not get there in 10 minutes");
    }
}
