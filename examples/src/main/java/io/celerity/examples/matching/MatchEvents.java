package io.celerity.examples.matching;

/** What a book tells the engine while it changes; the reporter turns each into output messages. */
interface MatchEvents {
    /**
     * {@code quantity} traded at {@code priceTicks} between the incoming order and a resting one; both are already
     * updated, and a filled maker has already left its level.
     */
    void trade(RestingOrder taker, RestingOrder maker, long quantity, long priceTicks);

    /** A level's quantity or order count changed; quantity 0 means it is about to leave the book. */
    void levelChanged(PriceLevel level);
}
