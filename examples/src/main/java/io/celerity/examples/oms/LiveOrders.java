package io.celerity.examples.oms;

import org.agrona.collections.Long2ObjectHashMap;

import java.util.ArrayDeque;

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
        LiveOrder live = pool.isEmpty() ? new LiveOrder() : pool.pop();
        byClOrdID.put(order.clOrdID, live.set(orderID, order));
        return live;
    }

    /** Files an order under the id a replace gave it. */
    void rename(LiveOrder live, long newClOrdID) {
        byClOrdID.remove(live.clOrdID);
        live.clOrdID = newClOrdID;
        byClOrdID.put(newClOrdID, live);
    }

    void close(LiveOrder live) {
        byClOrdID.remove(live.clOrdID);
        pool.push(live);
    }

    int size() {
        return byClOrdID.size();
    }
}
