package io.celerity.examples.oms;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Sizing for the order manager, from the {@code settings} of its service. */
public final class OrderManagerSettings extends SelfDescribingMarshallable {
    /**
     * Live orders at most, held in arrays allocated up front (about 90 bytes an order, index included) so nothing
     * grows mid-session; a new order beyond them is rejected (ORDER_BOOK_FULL).
     */
    public int capacity = 1 << 16;
}
