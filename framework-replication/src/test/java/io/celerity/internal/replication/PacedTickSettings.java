package io.celerity.internal.replication;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Settings handed to {@link PacedTickSource}. */
public final class PacedTickSettings extends SelfDescribingMarshallable {
    public long count;
    public long perSecond;
}
