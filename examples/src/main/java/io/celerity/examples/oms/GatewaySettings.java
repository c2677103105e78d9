package io.celerity.examples.oms;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

import java.util.ArrayList;
import java.util.List;

/** The order gateway's reference data, from the {@code settings} of its service. */
public final class GatewaySettings extends SelfDescribingMarshallable {
    /** The instruments clients may trade. */
    public List<String> symbols = new ArrayList<>();
}
