package io.celerity.examples.matching;

/** Changes to the books, for market data. */
public interface BookUpdates {
    /** A price level's quantity or order count changed. */
    void levelUpdate(LevelUpdate update);
}
