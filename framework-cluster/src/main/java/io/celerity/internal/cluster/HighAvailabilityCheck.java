package io.celerity.internal.cluster;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigCheck;

/** The cluster's check of every deployment loaded where this module is on the class path: {@link HighAvailabilityRules}. */
public final class HighAvailabilityCheck implements ConfigCheck {

    @Override
    public void check(CelerityConfig config) {
        new HighAvailabilityRules(config).check();
    }
}
