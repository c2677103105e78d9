package io.celerity.examples.oms;

import io.celerity.api.ServiceContext;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Gateway, risk check and order manager chained by direct calls allocate nothing per request once warmed up. */
class OmsAllocationTest {

    private static final int WINDOW = 30_000;
    private static final int MAX_WARM_UP_WINDOWS = 40;

    /** The order manager's reports, counted rather than kept. */
    private static final class Counting implements ExecutionReports {
        long reports;
        long rejects;

        @Override
        public void executionReport(ExecutionReport report) {
            reports++;
            if (report.execType == ExecType.REJECTED)
                rejects++;
        }

        @Override
        public void orderCancelReject(OrderCancelReject reject) {
            rejects++;
        }
    }

    /** A context whose ids and clock are plain counters. */
    private static final class CountingContext implements ServiceContext {
        long ticks;

        @Override
        public String serviceName() {
            return "order-manager";
        }

        @Override
        public long currentTimeNanos() {
            return ticks;
        }

        @Override
        public long uniqueTimestamp() {
            return ++ticks;
        }

        @Override
        public void acknowledge() {
        }

        @Override
        public void syncOutputs() {
        }
    }

    private final Counting reports = new Counting();
    private final OrderManager manager = new OrderManager(reports, new CountingContext(), settings(1024));
    private final RiskCheck risk = new RiskCheck(manager, riskSettings());
    private final OrderGateway gateway = new OrderGateway(risk, gatewaySettings());
    private final NewOrderSingle order = new NewOrderSingle();
    private final OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest();
    private final OrderCancelRequest cancel = new OrderCancelRequest();
    private final long account = Base85LongConverter.INSTANCE.parse("FUND1");
    private final long symbol = Base85LongConverter.INSTANCE.parse("VOD.L");
    private long sequence;

    @Test
    void newReplaceAndCancelAllocateNothingOnceWarm() {
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
        long before = reports.reports;
        long bytes = allocatedBy(threads, thread);
        assertEquals(0, bytes, "bytes allocated over " + WINDOW + " order lifecycles after warm-up windows " + warmUp);
        assertEquals(3L * WINDOW, reports.reports - before, "every request answered");
        assertEquals(0, reports.rejects, "no request refused");
    }

    /** Runs {@link #WINDOW} order lifecycles (new, replace, cancel) and returns the bytes this thread allocated. */
    private long allocatedBy(com.sun.management.ThreadMXBean threads, long thread) {
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < WINDOW; i++) {
            long n = ++sequence;
            gateway.newOrderSingle(order.set(n * 3, account, symbol, Side.BUY, 72.5, 100, n));
            gateway.orderCancelReplaceRequest(replace.set(n * 3 + 1, n * 3, account, symbol, Side.BUY, 72.6, 200, n));
            gateway.orderCancelRequest(cancel.set(n * 3 + 2, n * 3 + 1, account, symbol, Side.BUY, n));
        }
        return threads.getThreadAllocatedBytes(thread) - before;
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
