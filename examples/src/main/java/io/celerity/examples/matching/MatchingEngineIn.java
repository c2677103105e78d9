package io.celerity.examples.matching;

/** Orders and cancels in. */
public interface MatchingEngineIn {
    /** A new limit or market order. */
    void newOrder(NewOrder order);

    /** A request to cancel a resting order. */
    void cancelOrder(CancelOrder cancel);
}
