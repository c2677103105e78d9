package ${package};

/** The newest bid and ask per symbol, in flat arrays: no allocation per quote, unlike a map with boxed keys. */
final class LatestQuotes {
    private static final long EMPTY = 0; // no symbol packs to 0 but the empty one

    private final long[] symbols;
    private final double[] bids;
    private final double[] asks;
    private final int maxSymbols;
    private int size;

    LatestQuotes(int maxSymbols) {
        int capacity = 2;
        while (capacity < 2 * maxSymbols)
            capacity <<= 1; // at most half full, so probes stay short
        this.symbols = new long[capacity];
        this.bids = new double[capacity];
        this.asks = new double[capacity];
        this.maxSymbols = maxSymbols;
    }

    void put(Quote quote) {
        int slot = slotOf(quote.symbol);
        if (symbols[slot] == EMPTY) {
            if (size == maxSymbols)
                throw new IllegalStateException("a quote for more than maxSymbols=" + maxSymbols + " symbols");
            symbols[slot] = quote.symbol;
            size++;
        }
        bids[slot] = quote.bid;
        asks[slot] = quote.ask;
    }

    /** The slot holding {@code symbol}'s quote, or -1 when none came yet. */
    int find(long symbol) {
        int slot = slotOf(symbol);
        return symbols[slot] == EMPTY ? -1 : slot;
    }

    double bid(int slot) {
        return bids[slot];
    }

    double ask(int slot) {
        return asks[slot];
    }

    private int slotOf(long symbol) {
        int slot = Long.hashCode(symbol * 0x9E3779B97F4A7C15L) & (symbols.length - 1);
        while (symbols[slot] != EMPTY && symbols[slot] != symbol)
            slot = (slot + 1) & (symbols.length - 1); // linear probing
        return slot;
    }
}
