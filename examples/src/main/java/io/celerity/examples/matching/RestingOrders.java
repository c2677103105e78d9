package io.celerity.examples.matching;

import org.agrona.collections.Long2ObjectHashMap;

/** The engine's order objects: the pool they come from, and the resting ones by order id, for cancels. */
final class RestingOrders {
    private static final float LOAD_FACTOR = 0.5f;

    private final Pool<RestingOrder> pool;
    private final Long2ObjectHashMap<RestingOrder> byId;

    RestingOrders(int expected) {
        pool = new Pool<>(expected + 1, RestingOrder::new); // + 1: the incoming order, matched before it rests
        // Sized so that `expected` entries stay under the load factor: no rehash, which would allocate.
        byId = new Long2ObjectHashMap<>((int) Math.min(1 << 30, (long) (expected / LOAD_FACTOR) + 1), LOAD_FACTOR);
    }

    /** An order object for a newly accepted order. */
    RestingOrder take() {
        return pool.take();
    }

    /** Records an order that now rests in a book, so a cancel can find it. */
    void rest(RestingOrder order) {
        byId.put(order.orderId, order);
    }

    /** The resting order with this id, or null when there is none (never placed, filled or cancelled). */
    RestingOrder find(long orderId) {
        return byId.get(orderId);
    }

    /** Forgets a resting order that was filled or cancelled, and returns it to the pool. */
    void close(RestingOrder order) {
        byId.remove(order.orderId);
        release(order);
    }

    /** Returns an order that never rested to the pool. */
    void release(RestingOrder order) {
        pool.release(order.clear());
    }

    /** How many orders rest in the books. */
    int resting() {
        return byId.size();
    }
}
