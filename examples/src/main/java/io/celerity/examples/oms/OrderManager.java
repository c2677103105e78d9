package io.celerity.examples.oms;

import io.celerity.api.ServiceContext;

/**
 * Keeps the state of every live order and answers each request with an execution report or a cancel reject.
 * Client order ids must be unique among live orders. Stateful: a restart gives it back its newest snapshot
 * ({@link OrderBookState}) and then the reports it wrote after it ({@link ExecutionReports}), or, configured with
 * {@code rebuildState: REPLAY_INPUTS}, the requests it answered after it.
 */
public final class OrderManager implements CheckedOrders, ExecutionReports, OrderBookState {
    private final ExecutionReports out;
    private final ServiceContext context;
    private final LiveOrders orders;
    private final ExecutionReport report = new ExecutionReport();
    private final OrderCancelReject cancelReject = new OrderCancelReject();
    private final LiveOrder live = new LiveOrder(); // the order a report is about, copied out of its slot
    // A sequence, not a unique timestamp: a replay of the inputs numbers the orders again exactly as the first time.
    private long lastOrderID;

    public OrderManager(ExecutionReports out, ServiceContext context, OrderManagerSettings settings) {
        this.out = out;
        this.context = context;
        this.orders = new LiveOrders(settings.capacity);
    }

    @Override
    public void newOrderSingle(NewOrderSingle order) {
        RejectReason reason = orders.find(order.clOrdID) != LiveOrders.NONE ? RejectReason.DUPLICATE_CLORDID
                : orders.size() == orders.capacity() ? RejectReason.ORDER_BOOK_FULL : RejectReason.NONE;
        if (reason != RejectReason.NONE) {
            rejectOrder(order.clOrdID, order.account, order.symbol, order.side, order.price, order.orderQty, reason);
            return;
        }
        int slot = orders.open(++lastOrderID, order.clOrdID, order.account, order.symbol, order.side, order.price,
                order.orderQty);
        out.executionReport(report.order(orders.copy(slot, live), order.clOrdID, 0, ExecType.NEW, OrdStatus.NEW,
                context.uniqueTimestamp(), context.currentTimeNanos()));
    }

    @Override
    public void orderCancelRequest(OrderCancelRequest cancel) {
        int slot = orders.find(cancel.origClOrdID);
        RejectReason reason = refusal(slot, cancel.clOrdID, cancel.account, cancel.symbol, cancel.side);
        if (reason != RejectReason.NONE) {
            rejectCancel(slot, cancel.clOrdID, cancel.origClOrdID, cancel.account, RequestType.CANCEL, reason);
            return;
        }
        out.executionReport(report.order(orders.copy(slot, live), cancel.clOrdID, cancel.origClOrdID,
                ExecType.CANCELED, OrdStatus.CANCELED, context.uniqueTimestamp(), context.currentTimeNanos()));
        orders.close(slot);
    }

    @Override
    public void orderCancelReplaceRequest(OrderCancelReplaceRequest replace) {
        int slot = orders.find(replace.origClOrdID);
        RejectReason reason = refusal(slot, replace.clOrdID, replace.account, replace.symbol, replace.side);
        if (reason != RejectReason.NONE) {
            rejectCancel(slot, replace.clOrdID, replace.origClOrdID, replace.account, RequestType.REPLACE, reason);
            return;
        }
        orders.replace(slot, replace.clOrdID, replace.price, replace.orderQty);
        out.executionReport(report.order(orders.copy(slot, live), replace.clOrdID, replace.origClOrdID,
                ExecType.REPLACED, OrdStatus.NEW, context.uniqueTimestamp(), context.currentTimeNanos()));
    }

    @Override
    public void requestRejected(RequestRejected rejected) {
        if (rejected.requestType == RequestType.CANCEL || rejected.requestType == RequestType.REPLACE)
            rejectCancel(orders.find(rejected.origClOrdID), rejected.clOrdID, rejected.origClOrdID, rejected.account,
                    rejected.requestType, rejected.reason);
        else
            rejectOrder(rejected.clOrdID, rejected.account, rejected.symbol, rejected.side, rejected.price,
                    rejected.orderQty, rejected.reason);
    }

    private RejectReason refusal(int slot, long clOrdID, long account, long symbol, Side side) {
        if (slot == LiveOrders.NONE)
            return RejectReason.UNKNOWN_ORDER;
        if (!orders.matches(slot, account, symbol, side))
            return RejectReason.ORDER_MISMATCH;
        return orders.find(clOrdID) != LiveOrders.NONE ? RejectReason.DUPLICATE_CLORDID : RejectReason.NONE;
    }

    private void rejectOrder(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                             RejectReason reason) {
        out.executionReport(report.rejected(clOrdID, account, symbol, side, price, orderQty, reason,
                context.uniqueTimestamp(), context.currentTimeNanos()));
    }

    private void rejectCancel(int slot, long clOrdID, long origClOrdID, long account, RequestType responseTo,
                              RejectReason reason) {
        boolean known = slot != LiveOrders.NONE;
        out.orderCancelReject(cancelReject.set(known ? orders.orderID(slot) : 0, clOrdID, origClOrdID, account,
                known ? OrdStatus.NEW : OrdStatus.REJECTED, responseTo, reason, context.currentTimeNanos()));
    }

    /** The snapshot (configured as its {@code method}): the last order id, then every live order. */
    public void writeOrderBook(OrderBookState state) {
        state.lastOrderID(lastOrderID);
        for (int slot = 0; slot < orders.capacity(); slot++) // no lambda: it would be garbage on every snapshot
            if (orders.isLive(slot))
                state.liveOrder(orders.copy(slot, live));
    }

    @Override
    public void lastOrderID(long orderID) {
        lastOrderID = orderID;
    }

    @Override
    public void liveOrder(LiveOrder order) {
        restore(order.orderID, order.clOrdID, order.account, order.symbol, order.side, order.price, order.orderQty);
    }

    /** A report it wrote, taken back on restart (REPLAY_OUTPUTS): the order book changes as the report says. */
    @Override
    public void executionReport(ExecutionReport r) {
        switch (r.execType) {
            case NEW -> {
                restore(r.orderID, r.clOrdID, r.account, r.symbol, r.side, r.price, r.orderQty);
                lastOrderID = r.orderID;
            }
            case REPLACED -> orders.replace(orders.find(r.origClOrdID), r.clOrdID, r.price, r.orderQty);
            case CANCELED -> orders.close(orders.find(r.origClOrdID));
            default -> {
                // a rejected request changed nothing
            }
        }
    }

    // A restart finds more live orders than the capacity now set: refuse to start rather than drop some.
    private void restore(long orderID, long clOrdID, long account, long symbol, Side side, double price, long qty) {
        if (orders.open(orderID, clOrdID, account, symbol, side, price, qty) == LiveOrders.NONE)
            throw new IllegalStateException("order-manager: more live orders to restore than its capacity, "
                    + orders.capacity() + " (settings: capacity); raise it to restart");
    }

    /** A cancel reject taken back on restart: the order it names was left as it was. */
    @Override
    public void orderCancelReject(OrderCancelReject reject) {
    }
}
