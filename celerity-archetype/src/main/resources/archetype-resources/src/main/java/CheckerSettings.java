package ${package};

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** The order checker's limits, from the {@code settings} of its service in services.yaml. */
public final class CheckerSettings extends SelfDescribingMarshallable {
    /** How far a limit price may be beyond the opposite side of the quote, as a fraction of that price. */
    public double maxDeviation = 0.05;
    /** How many instruments the checker keeps a quote for. */
    public int maxSymbols = 1024;
}
