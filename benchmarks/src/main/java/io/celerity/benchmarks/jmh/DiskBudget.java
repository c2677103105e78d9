package io.celerity.benchmarks.jmh;

/**
 * Stops an iteration that would write too much to one scratch queue: a benchmark writes as fast as it can, about
 * 300 MB a second here, so a long iteration could fill the disk before its queue is deleted.
 */
final class DiskBudget {
    /** About 2 GB of 64-byte documents, or 3.4 GB of 101-byte ones: some seven seconds of appending here. */
    static final int MAX_APPENDS = 1 << 25;

    private int appends;

    /** Counts one append; throws once the budget is spent. */
    void spendOne() {
        if (++appends > MAX_APPENDS)
            throw new IllegalStateException("more than " + MAX_APPENDS + " appends to one scratch queue in one"
                    + " iteration; use iterations of a few seconds (--time, --warmup-time)");
    }
}
