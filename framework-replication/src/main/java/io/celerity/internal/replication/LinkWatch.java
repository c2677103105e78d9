package io.celerity.internal.replication;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Says once, in the log, that one side of a link has waited too long for the other (a wrong endpoint, a host down),
 * and again when it hears from it; the link keeps trying meanwhile.
 */
final class LinkWatch {

    private static final Logger LOG = LoggerFactory.getLogger(LinkWatch.class);
    static final long WARN_AFTER_NS = 5_000_000_000L;

    private final String waitingFor;
    private long sinceNs = -1;
    private boolean warned;

    /** @param waitingFor what is missing, e.g. "queue 'orders', sink 7: no connection to aeron:udp?endpoint=..." */
    LinkWatch(String waitingFor) {
        this.waitingFor = waitingFor;
    }

    /** Still waiting at {@code nowNs}. */
    void waiting(long nowNs) {
        if (sinceNs < 0)
            sinceNs = nowNs;
        else if (!warned && nowNs - sinceNs >= WARN_AFTER_NS) {
            warned = true;
            LOG.warn("{} for {} s; still trying", waitingFor, (nowNs - sinceNs) / 1_000_000_000L);
        }
    }

    /** Heard from the other side. */
    void heard() {
        if (warned)
            LOG.info("{}: connected again", waitingFor);
        sinceNs = -1;
        warned = false;
    }
}
