package io.celerity.examples.quickstart;

import io.celerity.api.ServiceContext;

/** Turns accepted quotes into mid prices; a rejection needs no output, so it is only acknowledged. */
public final class MidPricer implements CheckedQuoteListener {
    private final MidPriceListener out;
    private final ServiceContext context;
    private final MidPrice midPrice = new MidPrice();

    public MidPricer(MidPriceListener out, ServiceContext context) {
        this.out = out;
        this.context = context;
    }

    @Override
    public void accepted(Quote quote) {
        midPrice.symbol = quote.symbol;
        midPrice.mid = (quote.bid + quote.ask) / 2;
        midPrice.spread = quote.ask - quote.bid;
        midPrice.sentNanos = quote.sentNanos;
        out.midPrice(midPrice);
    }

    @Override
    public void rejected(QuoteRejected rejected) {
        context.acknowledge(); // not replayed after a restart
    }
}
