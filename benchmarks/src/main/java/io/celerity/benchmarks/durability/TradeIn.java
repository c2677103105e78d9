package io.celerity.benchmarks.durability;

/** Trades to book. */
public interface TradeIn {
    void trade(Trade trade);
}
