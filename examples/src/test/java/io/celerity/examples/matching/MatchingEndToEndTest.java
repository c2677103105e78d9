package io.celerity.examples.matching;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import io.celerity.host.ServiceStats;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** matching/services.yaml run for real: orders written to its persisted input queue, executions read back from its output. */
class MatchingEndToEndTest {

    private static final String SERVICE = "matching-engine";
    private static final long ALICE = Base85LongConverter.INSTANCE.parse("ALICE");
    private static final long BOB = Base85LongConverter.INSTANCE.parse("BOB");
    private static final long VOD = Base85LongConverter.INSTANCE.parse("VOD.L");

    @TempDir
    Path dir;

    @Test
    void ordersMatchOverPersistedQueuesAndTheBookSurvivesARestart() throws Exception {
        CelerityConfig config = CelerityConfig.parse("matching/services.yaml", resource("matching/services.yaml"), dir);
        NewOrder order = new NewOrder();
        List<String> seen = new ArrayList<>();

        try (ChronicleQueue orders = open("orders"); ChronicleQueue executions = open("executions");
             ExcerptTailer tailer = executions.createTailer()) {
            MatchingEngineIn engine = orders.methodWriter(MatchingEngineIn.class);
            Recorder recorder = new Recorder(seen);
            var reader = tailer.methodReader(recorder);

            try (ServiceHost host = ServiceHost.start(config)) {
                engine.newOrder(order.set(c("S1"), ALICE, VOD, Side.SELL, OrderType.LIMIT, 100.00, 300));
                engine.newOrder(order.set(c("S2"), ALICE, VOD, Side.SELL, OrderType.LIMIT, 100.01, 200));
                engine.newOrder(order.set(c("B1"), BOB, VOD, Side.BUY, OrderType.LIMIT, 100.01, 400));
                engine.newOrder(order.set(c("B2"), BOB, VOD, Side.BUY, OrderType.LIMIT, 100.00, 0));
                awaitInputs(host, 4);
            }
            readAll(reader);
            assertEquals(List.of(
                    "NEW S1 leaves 300",
                    "level SELL 100.0: 300 in 1",
                    "NEW S2 leaves 200",
                    "level SELL 100.01: 200 in 1",
                    "NEW B1 leaves 400",
                    "PARTIAL B1 300 @ 100.0 leaves 100",
                    "FILLED S1 300 @ 100.0 leaves 0",
                    "level SELL 100.0: 0 in 0",
                    "FILLED B1 100 @ 100.01 leaves 0",
                    "PARTIAL S2 100 @ 100.01 leaves 100",
                    "level SELL 100.01: 100 in 1",
                    "REJECTED B2 (quantity must be positive)"), seen);
            long s2 = recorder.orderIdOf("S2");

            // A new host rebuilds the book from the answered inputs: S2's last 100 still rests, under the same id.
            seen.clear();
            try (ServiceHost host = ServiceHost.start(config)) {
                engine.newOrder(order.set(c("M1"), BOB, VOD, Side.BUY, OrderType.MARKET, 0, 40));
                engine.cancelOrder(new CancelOrder().set(ALICE, s2));
                awaitInputs(host, 2);
            }
            readAll(reader);
            assertEquals(List.of(
                    "NEW M1 leaves 40",
                    "FILLED M1 40 @ 100.01 leaves 0",
                    "PARTIAL S2 40 @ 100.01 leaves 60",
                    "level SELL 100.01: 60 in 1",
                    "CANCELED S2 leaves 0 (cancelled on request)",
                    "level SELL 100.01: 0 in 0"), seen);
            assertEquals(recorder.execIds.size(), recorder.reports, "every execution report has its own exec id");
        }
    }

    private static void awaitInputs(ServiceHost host, long inputs) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        ServiceStats stats = host.stats(SERVICE);
        while (stats.inputs() < inputs) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("the engine processed " + stats.inputs() + " of " + inputs + " inputs in 10 s");
            Thread.sleep(5);
        }
        assertEquals(0, stats.handlerErrors() + stats.badMessages(), "handler errors and bad messages");
    }

    private static void readAll(net.openhft.chronicle.bytes.MethodReader reader) {
        while (reader.readOne()) {
            // each document is the whole answer to one input
        }
    }

    private ChronicleQueue open(String name) {
        return SingleChronicleQueueBuilder.binary(dir.resolve(name)).rollCycle(RollCycles.FAST_DAILY).build();
    }

    private static long c(String clOrdId) {
        return Base85LongConverter.INSTANCE.parse(clOrdId);
    }

    private static String text(long packed) {
        return Base85LongConverter.INSTANCE.asString(packed);
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = MatchingEndToEndTest.class.getClassLoader().getResourceAsStream(name)) {
            assertNotNull(in, name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** Writes each message it reads as one short line. */
    private static final class Recorder implements ExecutionReports, BookUpdates {
        private final List<String> seen;
        private final List<String> newOrders = new ArrayList<>();
        private final List<Long> orderIds = new ArrayList<>();
        final Set<Long> execIds = new HashSet<>();
        int reports;

        Recorder(List<String> seen) {
            this.seen = seen;
        }

        @Override
        public void executionReport(ExecutionReport r) {
            String type = text(r.execType);
            String line = type + " " + text(r.clOrdId);
            if (r.lastQty > 0)
                line += " " + r.lastQty + " @ " + r.lastPrice;
            if (r.execType != ExecType.REJECTED)
                line += " leaves " + r.leavesQty;
            if (r.reason.length() > 0)
                line += " (" + r.reason + ")";
            seen.add(line);
            reports++;
            execIds.add(r.execId);
            if (r.execType == ExecType.NEW) {
                newOrders.add(text(r.clOrdId));
                orderIds.add(r.orderId);
            }
        }

        @Override
        public void cancelRejected(CancelRejected rejected) {
            seen.add("cancel rejected " + rejected.orderId + " (" + rejected.reason + ")");
        }

        @Override
        public void levelUpdate(LevelUpdate u) {
            seen.add("level " + text(u.side) + " " + u.price + ": " + u.quantity + " in " + u.orders);
        }

        long orderIdOf(String clOrdId) {
            return orderIds.get(newOrders.indexOf(clOrdId));
        }
    }
}
