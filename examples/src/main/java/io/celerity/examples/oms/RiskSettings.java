package io.celerity.examples.oms;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

import java.util.LinkedHashMap;
import java.util.Map;

/** The risk check's settings: the accounts allowed to trade and their limits. */
public final class RiskSettings extends SelfDescribingMarshallable {
    /** Limits by account id; an account not listed may not trade. */
    public Map<String, AccountLimits> accounts = new LinkedHashMap<>();
}
