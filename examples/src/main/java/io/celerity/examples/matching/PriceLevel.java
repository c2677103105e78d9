package io.celerity.examples.matching;

/** The orders resting at one price on one side of a book, oldest first, with their total quantity. Pooled. */
final class PriceLevel {
    long symbol;
    long side;
    long priceTicks;
    long quantity;
    int orders;
    private RestingOrder head;
    private RestingOrder tail;

    /** Makes this an empty level at {@code priceTicks}. */
    PriceLevel init(long symbol, long side, long priceTicks) {
        this.symbol = symbol;
        this.side = side;
        this.priceTicks = priceTicks;
        this.quantity = 0;
        this.orders = 0;
        return this;
    }

    boolean isEmpty() {
        return head == null;
    }

    /** The oldest order here: the next to trade. */
    RestingOrder first() {
        return head;
    }

    /** Queues the order behind every order already here (time priority). */
    void append(RestingOrder order) {
        order.level = this;
        order.prev = tail;
        order.next = null;
        if (tail == null)
            head = order;
        else
            tail.next = order;
        tail = order;
        quantity += order.leavesQty;
        orders++;
    }

    /** Takes the order out of the queue, with whatever quantity it still has. */
    void remove(RestingOrder order) {
        if (order.prev == null)
            head = order.next;
        else
            order.prev.next = order.next;
        if (order.next == null)
            tail = order.prev;
        else
            order.next.prev = order.prev;
        quantity -= order.leavesQty;
        orders--;
        order.clear();
    }

    /** Accounts for {@code traded} quantity taken from the first order. */
    void traded(long traded) {
        quantity -= traded;
    }

    /** Drops the references it holds, for the pool. */
    PriceLevel clear() {
        head = null;
        tail = null;
        return this;
    }
}
