package io.celerity.examples.quickstart;

/** The quote checker's verdicts. */
public interface CheckedQuoteListener {
    void accepted(Quote quote);

    void rejected(QuoteRejected rejected);
}
