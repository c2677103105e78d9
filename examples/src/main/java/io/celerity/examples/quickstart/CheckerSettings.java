package io.celerity.examples.quickstart;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** The quote checker's limits, from the {@code settings} of its service in services.yaml. */
public final class CheckerSettings extends SelfDescribingMarshallable {
    /** The widest spread accepted, in price units. */
    public double maxSpread = 1.0;
}
