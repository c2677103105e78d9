package io.celerity.examples.matching;

import io.celerity.api.ServiceContext;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * A matching engine: one price-time priority limit order book per symbol. Checks each order, matches it, rests what a
 * limit order has left, and reports every step as execution reports and level updates.
 * <p>
 * Prices are doubles on the wire and whole ticks (longs) in the book; see {@link TickSize}. In steady state nothing
 * is allocated per order: order and level objects come from pools, maps are primitive-keyed and pre-sized, and the
 * output messages are reused. Only the first order of a new symbol allocates, for its book.
 */
public final class MatchingEngine implements MatchingEngineIn {
    private final ExecutionReporter reporter;
    private final TickSize tickSize;
    private final RestingOrders orders;
    private final Pool<PriceLevel> levels;
    private final Long2ObjectHashMap<OrderBook> books;
    private final int levelsPerSide;
    private final String offTick; // built once, as it names the configured tick size
    /**
     * Order ids are a sequence, not unique timestamps: they live in the book, and a restart rebuilds the book by
     * replaying inputs, which must give each order the same id again. A replay's unique timestamps are new values.
     */
    private long lastOrderId;

    /** Built by the framework with the service's writer, context and settings. */
    public MatchingEngine(ExecutionReports reports, BookUpdates updates, ServiceContext context,
                          MatchingSettings settings) {
        this.tickSize = new TickSize(settings.tickSize);
        this.reporter = new ExecutionReporter(reports, updates, context, tickSize);
        this.orders = new RestingOrders(settings.expectedOrders);
        this.levels = new Pool<>(settings.expectedLevels, PriceLevel::new);
        this.books = new Long2ObjectHashMap<>(Math.max(8, settings.expectedSymbols * 2), 0.5f);
        this.levelsPerSide = Math.max(1, settings.levelsPerSide);
        this.offTick = "price not a multiple of the tick size " + tickSize;
    }

    @Override
    public void newOrder(NewOrder order) {
        long priceTicks = order.ordType == OrderType.LIMIT ? tickSize.toTicks(order.price) : RestingOrder.MARKET_PRICE;
        String problem = problemWith(order, priceTicks);
        if (problem != null) {
            reporter.rejected(order, problem);
            return;
        }
        RestingOrder taker = orders.take().init(++lastOrderId, order, priceTicks);
        reporter.accepted(taker);
        OrderBook book = bookFor(order.symbol);
        book.match(taker, reporter);
        if (taker.leavesQty == 0) {
            orders.release(taker);
        } else if (taker.priceTicks == RestingOrder.MARKET_PRICE) {
            reporter.cancelled(taker, Reasons.NO_LIQUIDITY); // a market order never rests
            orders.release(taker);
        } else {
            book.rest(taker, reporter);
            orders.rest(taker);
        }
    }

    @Override
    public void cancelOrder(CancelOrder cancel) {
        RestingOrder order = orders.find(cancel.orderId);
        if (order == null) {
            reporter.cancelRejected(cancel, Reasons.NOT_OPEN);
        } else if (order.account != cancel.account) {
            reporter.cancelRejected(cancel, Reasons.OTHER_ACCOUNT);
        } else {
            reporter.cancelled(order, Reasons.ON_REQUEST);
            books.get(order.symbol).remove(order, reporter);
            orders.close(order);
        }
    }

    /** How many orders rest in all books; for tests. */
    int restingOrders() {
        return orders.resting();
    }

    /** Why the order cannot be accepted, or null when it can. */
    private String problemWith(NewOrder order, long priceTicks) {
        if (order.clOrdId == 0)
            return Reasons.CLORDID_MISSING;
        if (order.account == 0)
            return Reasons.ACCOUNT_MISSING;
        if (order.symbol == 0)
            return Reasons.SYMBOL_MISSING;
        if (!Side.isValid(order.side))
            return Reasons.BAD_SIDE;
        if (order.quantity <= 0)
            return Reasons.BAD_QUANTITY;
        if (order.ordType == OrderType.MARKET)
            return order.price == 0 ? null : Reasons.MARKET_WITH_PRICE;
        if (order.ordType != OrderType.LIMIT)
            return Reasons.BAD_ORD_TYPE;
        if (!(order.price > 0)) // also catches NaN
            return Reasons.BAD_LIMIT_PRICE;
        if (order.price > TickSize.MAX_PRICE)
            return Reasons.PRICE_TOO_HIGH;
        return priceTicks == TickSize.OFF_TICK ? offTick : null;
    }

    private OrderBook bookFor(long symbol) {
        OrderBook book = books.get(symbol);
        if (book == null) {
            book = new OrderBook(symbol, levelsPerSide, levels, orders); // once per symbol
            books.put(symbol, book);
        }
        return book;
    }
}
