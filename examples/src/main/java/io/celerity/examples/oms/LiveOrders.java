package io.celerity.examples.oms;

import org.agrona.collections.Long2ObjectHashMap;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/** Live orders by client order id, with their records pooled so that steady trading allocates nothing. */
final class LiveOrders {
    private final Long2ObjectHashMap<LiveOrder> byClOrdID;
    private final ArrayDeque<LiveOrder> pool;

    LiveOrders(int capacity) {
        byClOrdID = new Long2ObjectHashMap<>(capacity, 0.65f);
        pool = new ArrayDeque<>(Math.min(capacity, 1 << 16));
    }

    LiveOrder get(long clOrdID) {
        return byClOrdID.get(clOrdID);
    }

    LiveOrder open(long orderID, NewOrderSingle order) {
        return open(orderID, order.clOrdID, order.account, order.symbol, order.side, order.price, order.orderQty);
    }

    LiveOrder open(long orderID, long clOrdID, long account, long symbol, Side side, double price, long orderQty) {
        LiveOrder live = pool.isEmpty() ? new LiveOrder() : pool.pop();
        byClOrdID.put(clOrdID, live.set(orderID, clOrdID, account, symbol, side, price, orderQty));
        return live;
    }

    /** Gives an order the id, price and quantity of a replace; it is filed under the new id. */
    void replace(LiveOrder live, long newClOrdID, double price, long orderQty) {
        byClOrdID.remove(live.clOrdID);
        live.clOrdID = newClOrdID;
        live.price = price;
        live.orderQty = orderQty;
        byClOrdID.put(newClOrdID, live);
    }

    void close(LiveOrder live) {
        byClOrdID.remove(live.clOrdID);
        pool.push(live);
    }

    /** Each live order, in no particular order. */
    void forEach(Consumer<LiveOrder> action) {
        byClOrdID.values().forEach(action);
    }

    int size() {
        return byClOrdID.size();
    }
}
