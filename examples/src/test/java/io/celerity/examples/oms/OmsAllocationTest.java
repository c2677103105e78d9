package io.celerity.examples.oms;

import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Gateway, risk check and order manager chained by direct calls allocate nothing per request once warmed up, for
 * every kind of request and answer: new orders that stay live, replaces, cancels, and each kind of refusal, with the
 * book at its capacity; nor do the snapshots of the two stateful services, taken in between.
 */
class OmsAllocationTest {

    private static final int WINDOW = 10_000;
    private static final int MAX_WARM_UP_WINDOWS = 60;
    /** Live orders kept: each step opens one order and cancels the oldest, so the book stays full. */
    private static final int CAPACITY = 4096;
    /** What one step sends: new, duplicate, over capacity, replace, mismatched replace, unknown cancel,
     * malformed new, new over its limit, cancel. */
    private static final int REQUESTS_PER_STEP = 9;

    /** The order manager's answers, counted by kind rather than kept. */
    private static final class Counting implements ExecutionReports {
        final long[] byExecType = new long[ExecType.values().length];
        final long[] byReason = new long[RejectReason.VALUES.length];
        long cancelRejects;

        @Override
        public void executionReport(ExecutionReport report) {
            byExecType[report.execType.ordinal()]++;
            byReason[report.rejectReason.ordinal()]++;
        }

        @Override
        public void orderCancelReject(OrderCancelReject reject) {
            cancelRejects++;
            byReason[reject.reason.ordinal()]++;
        }

        long answers() {
            return java.util.Arrays.stream(byExecType).sum() + cancelRejects;
        }
    }

    /** What the snapshots write, counted rather than kept. */
    private static final class CountingState implements OrderBookState, RiskState {
        long liveOrders;
        long accounts;

        @Override
        public void lastOrderID(long orderID) {
        }

        @Override
        public void liveOrder(LiveOrder order) {
            liveOrders++;
        }

        @Override
        public void notionalUsed(AccountNotional used) {
            accounts++;
        }
    }

    private static final int STEPS_PER_SNAPSHOT = 1_000;

    private final Counting answers = new Counting();
    private final CountingState snapshots = new CountingState();
    private final OrderManager manager = new OrderManager(answers, new CountingContext(), settings(CAPACITY));
    private final RiskCheck risk = new RiskCheck(manager, riskSettings());
    private final OrderGateway gateway = new OrderGateway(risk, gatewaySettings());
    private final NewOrderSingle order = new NewOrderSingle();
    private final OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest();
    private final OrderCancelRequest cancel = new OrderCancelRequest();
    private final long account = Base85LongConverter.INSTANCE.parse("FUND1");
    private final long symbol = Base85LongConverter.INSTANCE.parse("VOD.L");
    private long step;

    @Test
    void everyKindOfRequestAllocatesNothingOnceWarmWithTheBookFull() {
        for (int i = 1; i < CAPACITY; i++) // the book one short of full, before each step
            gateway.newOrderSingle(order.set(clOrdID(-i), account, symbol, Side.BUY, 72.5, 100, i));
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        List<Long> warmUp = new ArrayList<>();
        int quietWindows = 0;
        // Warm-up ends after two windows in a row allocate nothing: until then C2 is still (re)compiling.
        while (quietWindows < 2) {
            assertTrue(warmUp.size() < MAX_WARM_UP_WINDOWS, "no steady state; bytes per window: " + warmUp);
            long bytes = allocatedBy(threads, thread);
            warmUp.add(bytes);
            quietWindows = bytes == 0 ? quietWindows + 1 : 0;
        }
        long[] reasonsBefore = answers.byReason.clone();
        long answered = answers.answers();
        long snapshotted = snapshots.liveOrders;
        long bytes = allocatedBy(threads, thread);
        assertEquals(0, bytes, "bytes allocated over " + WINDOW + " steps of " + REQUESTS_PER_STEP
                + " requests and a snapshot every " + STEPS_PER_SNAPSHOT + " after warm-up windows " + warmUp);
        assertEquals((long) (CAPACITY - 1) * (WINDOW / STEPS_PER_SNAPSHOT), snapshots.liveOrders - snapshotted,
                "each snapshot wrote the full book");
        assertTrue(snapshots.accounts > 0, "the risk check's snapshots wrote its accounts");
        assertEquals((long) REQUESTS_PER_STEP * WINDOW, answers.answers() - answered, "every request answered");
        for (RejectReason reason : List.of(RejectReason.DUPLICATE_CLORDID, RejectReason.ORDER_BOOK_FULL,
                RejectReason.ORDER_MISMATCH, RejectReason.UNKNOWN_ORDER, RejectReason.MISSING_SIDE,
                RejectReason.ORDER_QTY_LIMIT))
            assertEquals(WINDOW, answers.byReason[reason.ordinal()] - reasonsBefore[reason.ordinal()], reason.name());
        assertEquals(CAPACITY - 1, liveOrders(), "the book back one short of full");
    }

    /** Runs {@link #WINDOW} steps and returns the bytes this thread allocated meanwhile. */
    private long allocatedBy(com.sun.management.ThreadMXBean threads, long thread) {
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < WINDOW; i++) {
            long n = ++step;
            long live = clOrdID(n);
            gateway.newOrderSingle(order.set(live, account, symbol, Side.BUY, 72.5, 100, n)); // the book is full now
            gateway.newOrderSingle(order.set(live, account, symbol, Side.BUY, 72.5, 100, n)); // DUPLICATE_CLORDID
            gateway.newOrderSingle(order.set(live + 1, account, symbol, Side.BUY, 72.5, 100, n)); // ORDER_BOOK_FULL
            gateway.orderCancelReplaceRequest(replace.set(live + 2, live, account, symbol, Side.BUY, 72.6, 200, n));
            gateway.orderCancelReplaceRequest(replace.set(live + 3, live + 2, account, symbol, Side.SELL, 72.6, 200,
                    n)); // ORDER_MISMATCH
            gateway.orderCancelRequest(cancel.set(live + 3, live + 1, account, symbol, Side.BUY, n)); // UNKNOWN_ORDER
            gateway.newOrderSingle(order.set(live + 4, account, symbol, null, 72.5, 100, n)); // MISSING_SIDE
            gateway.newOrderSingle(order.set(live + 5, account, symbol, Side.BUY, 72.5, 5_000, n)); // ORDER_QTY_LIMIT
            long oldest = n - (CAPACITY - 1);
            gateway.orderCancelRequest(cancel.set(live + 6, oldest > 0 ? clOrdID(oldest) + 2 : clOrdID(oldest - 1),
                    account, symbol, Side.BUY, n));
            if (n % STEPS_PER_SNAPSHOT == 0) {
                manager.writeOrderBook(snapshots);
                risk.writeNotionalUsed(snapshots);
            }
        }
        return threads.getThreadAllocatedBytes(thread) - before;
    }

    /** Client order ids of step n: 16n and the few after it; the orders filled in before the steps take n below 0. */
    private static long clOrdID(long n) {
        return (n + CAPACITY) * 16;
    }

    private int liveOrders() {
        long[] live = new long[1];
        manager.writeOrderBook(new OrderBookState() {
            @Override
            public void lastOrderID(long orderID) {
            }

            @Override
            public void liveOrder(LiveOrder order) {
                live[0]++;
            }
        });
        return (int) live[0];
    }

    private static OrderManagerSettings settings(int capacity) {
        OrderManagerSettings settings = new OrderManagerSettings();
        settings.capacity = capacity;
        return settings;
    }

    private static RiskSettings riskSettings() {
        AccountLimits limits = new AccountLimits();
        limits.maxOrderQty = 1_000;
        limits.maxOrderNotional = 1e6;
        limits.maxGrossNotional = 1e18;
        RiskSettings settings = new RiskSettings();
        settings.accounts = Map.of("FUND1", limits);
        return settings;
    }

    private static GatewaySettings gatewaySettings() {
        GatewaySettings settings = new GatewaySettings();
        settings.symbols = List.of("VOD.L");
        return settings;
    }
}
