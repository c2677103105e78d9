package io.celerity.benchmarks.durability;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Which trades are big enough to sync: every {@code syncEvery}-th by sequence number; 0 for none. */
public final class BookerSettings extends SelfDescribingMarshallable {
    public long syncEvery;
}
