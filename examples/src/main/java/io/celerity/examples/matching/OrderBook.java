package io.celerity.examples.matching;

/** The resting orders of one symbol, bids and asks, matched in price-time priority. */
final class OrderBook {
    private final long symbol;
    private final BookSide bids;
    private final BookSide asks;
    private final Pool<PriceLevel> levels;
    private final RestingOrders orders;

    OrderBook(long symbol, int levelsPerSide, Pool<PriceLevel> levels, RestingOrders orders) {
        this.symbol = symbol;
        this.bids = new BookSide(true, levelsPerSide);
        this.asks = new BookSide(false, levelsPerSide);
        this.levels = levels;
        this.orders = orders;
    }

    /**
     * Trades the incoming order against the other side, best price first and oldest order first within a price, while
     * prices cross its limit; each trade is at the resting order's price. Filled resting orders are closed.
     */
    void match(RestingOrder taker, MatchEvents events) {
        BookSide opposite = taker.side == Side.BUY ? asks : bids;
        PriceLevel level;
        while (taker.leavesQty > 0 && (level = opposite.best()) != null && crosses(taker, level.priceTicks)) {
            tradeAt(level, taker, events);
            events.levelChanged(level); // once per level, after all its trades
            if (level.isEmpty()) {
                opposite.removeBest();
                levels.release(level.clear());
            }
        }
    }

    /** Puts the order at the back of the queue at its price, opening the level if the price is new. */
    void rest(RestingOrder order, MatchEvents events) {
        BookSide side = sideOf(order.side);
        PriceLevel level = side.find(order.priceTicks);
        if (level == null) {
            level = levels.take().init(symbol, order.side, order.priceTicks);
            side.insert(level);
        }
        level.append(order);
        events.levelChanged(level);
    }

    /** Takes a resting order out of the book, closing its level if it was the last order there. */
    void remove(RestingOrder order, MatchEvents events) {
        PriceLevel level = order.level;
        level.remove(order);
        events.levelChanged(level);
        if (level.isEmpty()) {
            sideOf(level.side).remove(level);
            levels.release(level.clear());
        }
    }

    private void tradeAt(PriceLevel level, RestingOrder taker, MatchEvents events) {
        while (taker.leavesQty > 0 && !level.isEmpty()) {
            RestingOrder maker = level.first();
            long quantity = Math.min(taker.leavesQty, maker.leavesQty);
            taker.fill(quantity);
            maker.fill(quantity);
            level.traded(quantity);
            boolean makerFilled = maker.leavesQty == 0;
            if (makerFilled)
                level.remove(maker);
            events.trade(taker, maker, quantity, level.priceTicks);
            if (makerFilled)
                orders.close(maker); // after the event: the reporter still reads it
        }
    }

    /** A market order crosses any price; a limit order, prices at or better than its limit. */
    private static boolean crosses(RestingOrder taker, long priceTicks) {
        if (taker.priceTicks == RestingOrder.MARKET_PRICE)
            return true;
        return taker.side == Side.BUY ? priceTicks <= taker.priceTicks : priceTicks >= taker.priceTicks;
    }

    private BookSide sideOf(long side) {
        return side == Side.BUY ? bids : asks;
    }
}
