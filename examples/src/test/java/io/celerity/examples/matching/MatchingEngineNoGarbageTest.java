package io.celerity.examples.matching;

import io.celerity.api.ServiceContext;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * In steady state the engine allocates nothing per order: it is called directly, on this thread, with outputs that
 * only count, for a few hundred thousand orders that rest, trade partly and fully, sweep, cancel and get rejected.
 */
class MatchingEngineNoGarbageTest {

    private static final Logger LOG = LoggerFactory.getLogger(MatchingEngineNoGarbageTest.class);

    private static final int CYCLE_EVENTS = 12;
    // Long enough that methods called once a cycle reach C2's threshold (~15,000 calls) within the first windows.
    private static final int WINDOW_CYCLES = 20_000;
    private static final int MAX_WARM_UP_WINDOWS = 20;
    private static final int MEASURED_CYCLES = 25_000; // 300,000 orders and cancels

    static volatile Object escape; // keeps the calibration allocation from being optimised away

    @Test
    void theEngineAllocatesNothingPerOrderInSteadyState() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assertTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled(),
                "this JVM cannot measure allocation per thread");
        long self = Thread.currentThread().getId();
        long calibration = allocatedBy(threads, self, () -> escape = new byte[1024]);
        assertTrue(calibration >= 1024, "the measurement must see a 1 KiB array; saw " + calibration + " bytes");

        OrderFlow flow = new OrderFlow();
        int resting = flow.engine.restingOrders();

        // Warm-up ends after two windows in a row allocate nothing while the JIT compiles nothing. JIT work allocates a
        // little on this thread, once: queueing a C2 compile resolves the string constants of the method's class.
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        assertTrue(jit.isCompilationTimeMonitoringSupported(), "this JVM cannot tell when the JIT is busy");
        int quietWindows = 0;
        List<Long> warmUp = new ArrayList<>();
        while (quietWindows < 2) {
            assertTrue(warmUp.size() < MAX_WARM_UP_WINDOWS, "no steady state; bytes per window: " + warmUp);
            long compiling = jit.getTotalCompilationTime();
            long bytes = allocatedBy(threads, self, () -> flow.run(WINDOW_CYCLES));
            boolean jitIdle = jit.getTotalCompilationTime() == compiling;
            warmUp.add(bytes);
            quietWindows = bytes == 0 && jitIdle ? quietWindows + 1 : 0;
        }
        Outputs out = flow.out;
        out.reset();
        long allocated = allocatedBy(threads, self, () -> flow.run(MEASURED_CYCLES));

        LOG.info("matching engine: {} bytes allocated over {} orders and cancels, after {} warm-up windows of {}"
                + " allocating {} bytes", allocated, MEASURED_CYCLES * CYCLE_EVENTS, warmUp.size(),
                WINDOW_CYCLES * CYCLE_EVENTS, warmUp);
        assertEquals(0, allocated, "bytes allocated over " + MEASURED_CYCLES * CYCLE_EVENTS
                + " orders and cancels after warm-up windows " + warmUp);
        // The measured window did what it claims: every path ran, and the book is back to its resting depth.
        assertEquals(MEASURED_CYCLES * 8L, out.news, "orders accepted");
        assertEquals(MEASURED_CYCLES * 8L, out.fills + out.partials, "fill reports (4 trades a cycle)");
        assertEquals(MEASURED_CYCLES * 3L, out.partials, "partial fill reports");
        assertEquals(MEASURED_CYCLES * 3L, out.cancels, "cancels: two on request, one market order's rest");
        assertEquals(MEASURED_CYCLES, out.rejects, "rejected orders");
        assertEquals(MEASURED_CYCLES, out.cancelRejects, "rejected cancels");
        assertEquals(MEASURED_CYCLES * 10L, out.levelUpdates, "level updates");
        assertEquals(resting, flow.engine.restingOrders(), "orders resting after the last cycle");
    }

    private static long allocatedBy(com.sun.management.ThreadMXBean threads, long thread, Runnable work) {
        long before = threads.getThreadAllocatedBytes(thread);
        work.run();
        return threads.getThreadAllocatedBytes(thread) - before;
    }

    /**
     * The engine with a book of resting depth, and cycles of twelve events that leave the book as they found it. Its
     * only string literals run when it is built, so compiling its methods later resolves no strings on this thread.
     */
    private static final class OrderFlow {
        static final long ALICE = Base85LongConverter.INSTANCE.parse("ALICE");
        static final long BOB = Base85LongConverter.INSTANCE.parse("BOB");
        static final long[] SYMBOLS = {Base85LongConverter.INSTANCE.parse("VOD.L"),
                Base85LongConverter.INSTANCE.parse("BARC.L")};
        static final long NO_OFFERS = Base85LongConverter.INSTANCE.parse("NOOFFERS");
        static final int DEPTH_LEVELS = 20;

        final Outputs out = new Outputs();
        final MatchingEngine engine;
        private final NewOrder order = new NewOrder();
        private final CancelOrder cancel = new CancelOrder();
        private int cycles;

        OrderFlow() {
            MatchingSettings settings = new MatchingSettings();
            settings.expectedOrders = 1024;
            settings.expectedLevels = 256;
            settings.levelsPerSide = 64;
            settings.expectedSymbols = 4;
            engine = new MatchingEngine(out, out, new CountingContext(), settings);
            // Bids from 90.00 and offers from 110.00 in both books, out of the way of the cycles' prices.
            for (long symbol : SYMBOLS) {
                for (int i = 0; i < DEPTH_LEVELS; i++) {
                    engine.newOrder(order.set(1, ALICE, symbol, Side.BUY, OrderType.LIMIT, 90.00 + i * 0.01, 1_000));
                    engine.newOrder(order.set(2, ALICE, symbol, Side.SELL, OrderType.LIMIT, 110.00 + i * 0.01, 1_000));
                }
            }
        }

        void run(int count) {
            for (int end = cycles + count; cycles < end; cycles++)
                cycle(SYMBOLS[cycles & 1], cycles % 5 * 0.01);
        }

        private void cycle(long symbol, double offset) {
            engine.newOrder(order.set(3, BOB, symbol, Side.SELL, OrderType.LIMIT, 101.00 + offset, 100)); // rests
            long a = out.lastOrderId;
            engine.newOrder(order.set(4, BOB, symbol, Side.SELL, OrderType.LIMIT, 102.00 + offset, 100)); // rests
            long b = out.lastOrderId;
            engine.newOrder(order.set(5, ALICE, symbol, Side.BUY, OrderType.LIMIT, 102.00 + offset, 150)); // a, half b
            engine.newOrder(order.set(6, BOB, symbol, Side.SELL, OrderType.LIMIT, 103.00 + offset, 100)); // rests
            long c = out.lastOrderId;
            engine.cancelOrder(cancel.set(BOB, b)); // the rest of b
            engine.newOrder(order.set(7, ALICE, symbol, Side.BUY, OrderType.MARKET, 0, 60)); // 60 of c
            engine.newOrder(order.set(8, ALICE, symbol, Side.BUY, OrderType.LIMIT, 99.00 + offset, 50)); // rests
            engine.cancelOrder(cancel.set(BOB, c)); // the rest of c
            engine.newOrder(order.set(9, BOB, symbol, Side.SELL, OrderType.MARKET, 0, 50)); // fills the bid at 99
            engine.newOrder(order.set(10, BOB, NO_OFFERS, Side.BUY, OrderType.MARKET, 0, 10)); // nothing: cancelled
            engine.newOrder(order.set(11, BOB, symbol, Side.BUY, OrderType.LIMIT, 100.00, 0)); // rejected
            engine.cancelOrder(cancel.set(BOB, a)); // a was filled: rejected
        }
    }

    /** Outputs that only count, and remember the last accepted order's id, in primitive fields. */
    private static final class Outputs implements ExecutionReports, BookUpdates {
        long news;
        long partials;
        long fills;
        long cancels;
        long rejects;
        long cancelRejects;
        long levelUpdates;
        long lastOrderId;

        @Override
        public void executionReport(ExecutionReport report) {
            if (report.execType == ExecType.NEW) {
                news++;
                lastOrderId = report.orderId;
            } else if (report.execType == ExecType.PARTIAL) {
                partials++;
            } else if (report.execType == ExecType.FILLED) {
                fills++;
            } else if (report.execType == ExecType.CANCELED) {
                cancels++;
            } else {
                rejects++;
            }
        }

        @Override
        public void cancelRejected(CancelRejected rejected) {
            cancelRejects++;
        }

        @Override
        public void levelUpdate(LevelUpdate update) {
            levelUpdates++;
        }

        void reset() {
            news = partials = fills = cancels = rejects = cancelRejects = levelUpdates = 0;
        }
    }

    /** A context whose unique timestamps simply count: the test needs distinct ids, not a clock. */
    private static final class CountingContext implements ServiceContext {
        private long last;

        @Override
        public String serviceName() {
            return "matching-engine";
        }

        @Override
        public long currentTimeNanos() {
            return 0;
        }

        @Override
        public long uniqueTimestamp() {
            return last += 100;
        }

        @Override
        public void acknowledge() {
        }

        @Override
        public void syncOutputs() {
        }
    }
}
