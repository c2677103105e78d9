package io.celerity.examples.quickstart;

/** Accepts sane quotes and rejects crossed, empty or too-wide ones. */
public final class QuoteChecker implements QuoteListener {
    private final CheckedQuoteListener out;
    private final double maxSpread;
    private final QuoteRejected rejected = new QuoteRejected();

    public QuoteChecker(CheckedQuoteListener out, CheckerSettings settings) {
        this.out = out;
        this.maxSpread = settings.maxSpread;
    }

    @Override
    public void quote(Quote quote) {
        if (quote.bid <= 0 || quote.ask <= 0)
            out.rejected(rejected.set(quote.symbol, "price not positive"));
        else if (quote.bid >= quote.ask)
            out.rejected(rejected.set(quote.symbol, "crossed"));
        else if (quote.ask - quote.bid > maxSpread)
            out.rejected(rejected.set(quote.symbol, "spread too wide"));
        else
            out.accepted(quote);
    }
}
