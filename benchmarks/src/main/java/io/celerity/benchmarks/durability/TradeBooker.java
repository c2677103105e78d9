package io.celerity.benchmarks.durability;

import io.celerity.api.ServiceContext;

/** Books each trade by echoing it; a big one (see {@link BookerSettings}) is synced to disk before the next. */
public final class TradeBooker implements TradeIn {
    private final TradeOut out;
    private final ServiceContext context;
    private final long syncEvery;

    public TradeBooker(TradeOut out, ServiceContext context, BookerSettings settings) {
        this.out = out;
        this.context = context;
        this.syncEvery = settings.syncEvery;
    }

    @Override
    public void trade(Trade trade) {
        if (syncEvery > 0 && trade.seq % syncEvery == 0)
            context.syncOutputs();
        out.booked(trade);
    }
}
