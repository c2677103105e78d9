package io.celerity.examples.oms;

/**
 * The order manager's state as events: what its snapshot writes ({@link OrderManager#writeOrderBook}) and what a
 * restart reads back into it.
 */
public interface OrderBookState {
    /** The last order id handed out, so that numbering carries on after a restart. */
    void lastOrderID(long orderID);

    /** One live order. */
    void liveOrder(LiveOrder order);
}
