package io.celerity.examples.matching;

import io.celerity.api.ServiceContext;

/**
 * Turns what happens to orders and levels into the engine's output messages. It fills the same three message
 * instances every time: the writer copies each onto the queue before the call returns.
 */
final class ExecutionReporter implements MatchEvents {
    private final ExecutionReports reports;
    private final BookUpdates updates;
    private final ServiceContext context;
    private final TickSize tickSize;
    private final ExecutionReport report = new ExecutionReport();
    private final CancelRejected cancelRejected = new CancelRejected();
    private final LevelUpdate levelUpdate = new LevelUpdate();

    ExecutionReporter(ExecutionReports reports, BookUpdates updates, ServiceContext context, TickSize tickSize) {
        this.reports = reports;
        this.updates = updates;
        this.context = context;
        this.tickSize = tickSize;
    }

    /** NEW: the order is accepted with its order id. */
    void accepted(RestingOrder order) {
        send(order, ExecType.NEW, 0, 0, 0, order.leavesQty, "");
    }

    /** CANCELED: the order's unfilled rest will not trade. */
    void cancelled(RestingOrder order, String reason) {
        send(order, ExecType.CANCELED, 0, 0, 0, 0, reason);
    }

    /** REJECTED: the order was refused before it got an order id; its fields are echoed as received. */
    void rejected(NewOrder order, String reason) {
        ExecutionReport r = report;
        r.orderId = 0;
        r.clOrdId = order.clOrdId;
        r.account = order.account;
        r.symbol = order.symbol;
        r.side = order.side;
        r.execType = ExecType.REJECTED;
        r.execId = context.uniqueTimestamp();
        r.tradeId = 0;
        r.price = order.price;
        r.lastQty = 0;
        r.lastPrice = 0;
        r.leavesQty = 0;
        r.cumQty = 0;
        r.reason.setLength(0);
        r.reason.append(reason);
        reports.executionReport(r);
    }

    /** The cancel was refused. */
    void cancelRejected(CancelOrder cancel, String reason) {
        CancelRejected r = cancelRejected;
        r.account = cancel.account;
        r.orderId = cancel.orderId;
        r.reason.setLength(0);
        r.reason.append(reason);
        reports.cancelRejected(r);
    }

    @Override
    public void trade(RestingOrder taker, RestingOrder maker, long quantity, long priceTicks) {
        long tradeId = context.uniqueTimestamp();
        double price = tickSize.toPrice(priceTicks);
        fill(taker, tradeId, quantity, price);
        fill(maker, tradeId, quantity, price);
    }

    @Override
    public void levelChanged(PriceLevel level) {
        LevelUpdate u = levelUpdate;
        u.symbol = level.symbol;
        u.side = level.side;
        u.price = tickSize.toPrice(level.priceTicks);
        u.quantity = level.quantity;
        u.orders = level.orders;
        updates.levelUpdate(u);
    }

    private void fill(RestingOrder order, long tradeId, long quantity, double price) {
        send(order, order.leavesQty == 0 ? ExecType.FILLED : ExecType.PARTIAL, tradeId, quantity, price,
                order.leavesQty, "");
    }

    private void send(RestingOrder order, long execType, long tradeId, long lastQty, double lastPrice, long leavesQty,
                      String reason) {
        ExecutionReport r = report;
        r.orderId = order.orderId;
        r.clOrdId = order.clOrdId;
        r.account = order.account;
        r.symbol = order.symbol;
        r.side = order.side;
        r.execType = execType;
        r.execId = context.uniqueTimestamp();
        r.tradeId = tradeId;
        r.price = order.priceTicks == RestingOrder.MARKET_PRICE ? 0 : tickSize.toPrice(order.priceTicks);
        r.lastQty = lastQty;
        r.lastPrice = lastPrice;
        r.leavesQty = leavesQty;
        r.cumQty = order.cumQty;
        r.reason.setLength(0);
        r.reason.append(reason);
        reports.executionReport(r);
    }
}
