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
    // A sequence, not a unique timestamp: a replay of the inputs numbers the orders again exactly as the first time.
    private long lastOrderID;

    public OrderManager(ExecutionReports out, ServiceContext context, OrderManagerSettings settings) {
        this.out = out;
        this.context = context;
        this.orders = new LiveOrders(settings.capacity);
    }

    @Override
    public void newOrderSingle(NewOrderSingle order) {
        if (orders.get(order.clOrdID) != null) {
            rejectOrder(order.clOrdID, order.account, order.symbol, order.side, order.price, order.orderQty,
                    RejectReason.DUPLICATE_CLORDID);
            return;
        }
        LiveOrder live = orders.open(++lastOrderID, order);
        out.executionReport(report.order(live, live.clOrdID, 0, ExecType.NEW, OrdStatus.NEW, context.uniqueTimestamp(),
                context.currentTimeNanos()));
    }

    @Override
    public void orderCancelRequest(OrderCancelRequest cancel) {
        LiveOrder live = orders.get(cancel.origClOrdID);
        RejectReason reason = refusal(live, cancel.clOrdID, cancel.account, cancel.symbol, cancel.side);
        if (reason != RejectReason.NONE) {
            rejectCancel(live, cancel.clOrdID, cancel.origClOrdID, cancel.account, RequestType.CANCEL, reason);
            return;
        }
        out.executionReport(report.order(live, cancel.clOrdID, cancel.origClOrdID, ExecType.CANCELED,
                OrdStatus.CANCELED, context.uniqueTimestamp(), context.currentTimeNanos()));
        orders.close(live);
    }

    @Override
    public void orderCancelReplaceRequest(OrderCancelReplaceRequest replace) {
        LiveOrder live = orders.get(replace.origClOrdID);
        RejectReason reason = refusal(live, replace.clOrdID, replace.account, replace.symbol, replace.side);
        if (reason != RejectReason.NONE) {
            rejectCancel(live, replace.clOrdID, replace.origClOrdID, replace.account, RequestType.REPLACE, reason);
            return;
        }
        orders.replace(live, replace.clOrdID, replace.price, replace.orderQty);
        out.executionReport(report.order(live, live.clOrdID, replace.origClOrdID, ExecType.REPLACED, OrdStatus.NEW,
                context.uniqueTimestamp(), context.currentTimeNanos()));
    }

    @Override
    public void requestRejected(RequestRejected rejected) {
        if (rejected.requestType == RequestType.CANCEL || rejected.requestType == RequestType.REPLACE)
            rejectCancel(orders.get(rejected.origClOrdID), rejected.clOrdID, rejected.origClOrdID, rejected.account,
                    rejected.requestType, rejected.reason);
        else
            rejectOrder(rejected.clOrdID, rejected.account, rejected.symbol, rejected.side, rejected.price,
                    rejected.orderQty, rejected.reason);
    }

    private RejectReason refusal(LiveOrder live, long clOrdID, long account, long symbol, Side side) {
        if (live == null)
            return RejectReason.UNKNOWN_ORDER;
        if (!live.matches(account, symbol, side))
            return RejectReason.ORDER_MISMATCH;
        return orders.get(clOrdID) != null ? RejectReason.DUPLICATE_CLORDID : RejectReason.NONE;
    }

    private void rejectOrder(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                             RejectReason reason) {
        out.executionReport(report.rejected(clOrdID, account, symbol, side, price, orderQty, reason,
                context.uniqueTimestamp(), context.currentTimeNanos()));
    }

    private void rejectCancel(LiveOrder live, long clOrdID, long origClOrdID, long account, RequestType responseTo,
                              RejectReason reason) {
        out.orderCancelReject(cancelReject.set(live == null ? 0 : live.orderID, clOrdID, origClOrdID, account,
                live == null ? OrdStatus.REJECTED : OrdStatus.NEW, responseTo, reason, context.currentTimeNanos()));
    }

    /** The snapshot (configured as its {@code method}): the last order id, then every live order. */
    public void writeOrderBook(OrderBookState state) {
        state.lastOrderID(lastOrderID);
        orders.forEach(state::liveOrder);
    }

    @Override
    public void lastOrderID(long orderID) {
        lastOrderID = orderID;
    }

    @Override
    public void liveOrder(LiveOrder order) {
        orders.open(order.orderID, order.clOrdID, order.account, order.symbol, order.side, order.price, order.orderQty);
    }

    /** A report it wrote, taken back on restart (REPLAY_OUTPUTS): the order book changes as the report says. */
    @Override
    public void executionReport(ExecutionReport r) {
        switch (r.execType) {
            case NEW -> {
                orders.open(r.orderID, r.clOrdID, r.account, r.symbol, r.side, r.price, r.orderQty);
                lastOrderID = r.orderID;
            }
            case REPLACED -> orders.replace(orders.get(r.origClOrdID), r.clOrdID, r.price, r.orderQty);
            case CANCELED -> orders.close(orders.get(r.origClOrdID));
            default -> {
                // a rejected request changed nothing
            }
        }
    }

    /** A cancel reject taken back on restart: the order it names was left as it was. */
    @Override
    public void orderCancelReject(OrderCancelReject reject) {
    }
}
