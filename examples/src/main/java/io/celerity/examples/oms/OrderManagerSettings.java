package io.celerity.examples.oms;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Sizing for the order manager, from the {@code settings} of its service. */
public final class OrderManagerSettings extends SelfDescribingMarshallable {
    /** Live orders expected at most; the index is sized for them up front so it never grows mid-session. */
    public int capacity = 1 << 16;
}
