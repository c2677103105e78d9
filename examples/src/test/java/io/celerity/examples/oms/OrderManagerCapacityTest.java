package io.celerity.examples.oms;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The order manager's book holds {@code settings.capacity} live orders: beyond it, a rejection, never growth. */
class OrderManagerCapacityTest {

    private final List<ExecutionReport> reports = new ArrayList<>();
    private final OrderManager manager = new OrderManager(new ExecutionReports() {
        @Override
        public void executionReport(ExecutionReport report) {
            reports.add(report.deepCopy());
        }

        @Override
        public void orderCancelReject(OrderCancelReject reject) {
        }
    }, new CountingContext(), settings(2));

    @Test
    void aFullBookRejectsNewOrdersUntilOneIsCancelled() {
        manager.newOrderSingle(order(1));
        manager.newOrderSingle(order(2));
        manager.newOrderSingle(order(3));
        assertEquals(List.of(ExecType.NEW, ExecType.NEW, ExecType.REJECTED), execTypes());
        assertEquals(RejectReason.ORDER_BOOK_FULL, reports.get(2).rejectReason);

        manager.orderCancelRequest(new OrderCancelRequest().set(4, 1, 1, 1, Side.BUY, 0));
        manager.newOrderSingle(order(3));
        assertEquals(List.of(ExecType.NEW, ExecType.NEW, ExecType.REJECTED, ExecType.CANCELED, ExecType.NEW),
                execTypes());
        assertEquals(3, reports.get(4).clOrdID, "the freed slot takes the new order");
    }

    @Test
    void aRestartWithMoreLiveOrdersThanTheCapacityRefusesToStart() {
        manager.liveOrder(live(1));
        manager.liveOrder(live(2));
        IllegalStateException refused = assertThrows(IllegalStateException.class, () -> manager.liveOrder(live(3)));
        assertTrue(refused.getMessage().contains("capacity, 2 (settings: capacity)"), refused.getMessage());
    }

    private List<ExecType> execTypes() {
        return reports.stream().map(r -> r.execType).toList();
    }

    private static NewOrderSingle order(long clOrdID) {
        return new NewOrderSingle().set(clOrdID, 1, 1, Side.BUY, 10.0, 100, 0);
    }

    private static LiveOrder live(long n) {
        return new LiveOrder().set(n, n, 1, 1, Side.BUY, 10.0, 100);
    }

    private static OrderManagerSettings settings(int capacity) {
        OrderManagerSettings settings = new OrderManagerSettings();
        settings.capacity = capacity;
        return settings;
    }
}
