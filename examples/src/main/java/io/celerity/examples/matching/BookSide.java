package io.celerity.examples.matching;

import java.util.Arrays;

/**
 * One side of a book: its price levels in an array sorted so the best price is last. Matching takes from the end,
 * which shifts nothing; a new level is found by binary search and usually lands near the end, where orders arrive.
 */
final class BookSide {
    private final boolean bids;
    private PriceLevel[] levels;
    private int count;

    BookSide(boolean bids, int capacity) {
        this.bids = bids;
        this.levels = new PriceLevel[capacity];
    }

    /** The level with the best price, or null when the side is empty. */
    PriceLevel best() {
        return count == 0 ? null : levels[count - 1];
    }

    /** The level at {@code priceTicks}, or null. */
    PriceLevel find(long priceTicks) {
        int i = indexOf(priceTicks);
        return i >= 0 ? levels[i] : null;
    }

    /** Adds a level whose price is not on this side yet. */
    void insert(PriceLevel level) {
        int at = -(indexOf(level.priceTicks) + 1);
        if (count == levels.length)
            levels = Arrays.copyOf(levels, count * 2); // beyond levelsPerSide: allocates, once per doubling
        System.arraycopy(levels, at, levels, at + 1, count - at);
        levels[at] = level;
        count++;
    }

    /** Removes the best level. */
    void removeBest() {
        levels[--count] = null;
    }

    /** Removes a level that is on this side. */
    void remove(PriceLevel level) {
        int at = indexOf(level.priceTicks);
        System.arraycopy(levels, at + 1, levels, at, count - at - 1);
        levels[--count] = null;
    }

    /** Binary search, as {@link Arrays#binarySearch(long[], long)} returns it, over ascending keys. */
    private int indexOf(long priceTicks) {
        long key = key(priceTicks);
        int low = 0;
        int high = count - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            long midKey = key(levels[mid].priceTicks);
            if (midKey < key)
                low = mid + 1;
            else if (midKey > key)
                high = mid - 1;
            else
                return mid;
        }
        return -(low + 1);
    }

    /** Ascending keys put the best price last on both sides: the highest bid, the lowest offer. */
    private long key(long priceTicks) {
        return bids ? priceTicks : -priceTicks;
    }
}
