package io.celerity.benchmarks.jmh;

import io.celerity.examples.topofbook.TopOfBook;
import net.openhft.chronicle.wire.Base85LongConverter;

/** The one top-of-book update every benchmark sends, so their figures describe the same message. */
final class Samples {
    static final long SYMBOL = Base85LongConverter.INSTANCE.parse("EUR/USD");
    static final int ECN = (int) Base85LongConverter.INSTANCE.parse("EBS");
    static final long SENDING_TIME_NS = 1_772_443_800_000_000_000L;

    private Samples() {
    }

    /** Fills {@code tob} with the sample update. */
    static TopOfBook topOfBook(TopOfBook tob) {
        return tob.set(SENDING_TIME_NS, SYMBOL, ECN, 1.0850, 1.0852, 1_000_000, 2_000_000);
    }

    /** Fills {@code tob} with the same values as {@link #topOfBook(TopOfBook)}. */
    static SelfDescribingTopOfBook topOfBook(SelfDescribingTopOfBook tob) {
        return tob.copyOf(topOfBook(new TopOfBook()));
    }
}
