package ${package};

import io.celerity.api.ServiceContext;

/**
 * Checks limit orders against the newest quote of their instrument: two inputs (quotes, orders), one output.
 * A buy priced more than {@code maxDeviation} above the ask, or a sell that far below the bid, is rejected
 * (a fat finger), as is an order with no quote yet or no quantity.
 */
public final class OrderChecker implements QuoteListener, OrderListener {
    private final OrderCheckListener out;
    private final ServiceContext context;
    private final double maxDeviation;
    private final LatestQuotes quotes;
    private final OrderRejected rejected = new OrderRejected(); // reused: no allocation per event

    public OrderChecker(OrderCheckListener out, ServiceContext context, CheckerSettings settings) {
        this.out = out;
        this.context = context;
        this.maxDeviation = settings.maxDeviation;
        this.quotes = new LatestQuotes(settings.maxSymbols);
    }

    @Override
    public void quote(Quote quote) {
        quotes.put(quote);
        // No output, but state changed: recorded, so a restart (rebuildState: REPLAY_INPUTS) replays it.
        context.acknowledge();
    }

    @Override
    public void order(Order order) {
        int slot = quotes.find(order.symbol);
        if (order.quantity <= 0)
            reject(order, "quantity not positive");
        else if (slot < 0)
            reject(order, "no quote");
        else if (order.side == Side.BUY && order.price > quotes.ask(slot) * (1 + maxDeviation))
            reject(order, "price too far above the ask");
        else if (order.side == Side.SELL && order.price < quotes.bid(slot) * (1 - maxDeviation))
            reject(order, "price too far below the bid");
        else
            out.accepted(order);
    }

    private void reject(Order order, String reason) {
        out.rejected(rejected.set(order.orderId, order.symbol, reason));
    }
}
