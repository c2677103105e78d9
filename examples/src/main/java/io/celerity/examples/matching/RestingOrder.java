package io.celerity.examples.matching;

/**
 * The live state of one accepted order, from acceptance until it is filled or cancelled. Pooled and reused; it is also
 * a link in its price level's queue, so joining or leaving the queue needs no list node.
 */
final class RestingOrder {
    /** What {@link #priceTicks} holds for a market order, which takes any price. */
    static final long MARKET_PRICE = 0;

    long orderId;
    long clOrdId;
    long account;
    long symbol;
    long side;
    long priceTicks;
    long leavesQty;
    long cumQty;
    /** The level it rests at; null while it is matching or after it left the book. */
    PriceLevel level;
    RestingOrder prev;
    RestingOrder next;

    /** Takes the fields of a newly accepted order. */
    RestingOrder init(long orderId, NewOrder order, long priceTicks) {
        this.orderId = orderId;
        this.clOrdId = order.clOrdId;
        this.account = order.account;
        this.symbol = order.symbol;
        this.side = order.side;
        this.priceTicks = priceTicks;
        this.leavesQty = order.quantity;
        this.cumQty = 0;
        return this;
    }

    /** Records a fill of {@code quantity}. */
    void fill(long quantity) {
        leavesQty -= quantity;
        cumQty += quantity;
    }

    /** Drops the references it holds, so a pooled order keeps nothing else alive. */
    RestingOrder clear() {
        level = null;
        prev = null;
        next = null;
        return this;
    }
}
