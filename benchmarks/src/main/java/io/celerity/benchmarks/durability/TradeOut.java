package io.celerity.benchmarks.durability;

/** Trades booked. */
public interface TradeOut {
    void booked(Trade trade);
}
