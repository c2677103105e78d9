package io.celerity.examples.oms;

/** The order manager's record of one live order; pooled, so reused once the order is cancelled. */
final class LiveOrder {
    long orderID;
    long clOrdID;
    long account;
    long symbol;
    Side side;
    double price;
    long orderQty;

    LiveOrder set(long orderID, NewOrderSingle order) {
        this.orderID = orderID;
        this.clOrdID = order.clOrdID;
        this.account = order.account;
        this.symbol = order.symbol;
        this.side = order.side;
        this.price = order.price;
        this.orderQty = order.orderQty;
        return this;
    }

    /** Whether a cancel or replace describes this order (FIX requires the same account, symbol and side). */
    boolean matches(long account, long symbol, Side side) {
        return this.account == account && this.symbol == symbol && this.side == side;
    }
}
