package io.celerity.examples.quickstart;

/** Quotes in. */
public interface QuoteListener {
    void quote(Quote quote);
}
