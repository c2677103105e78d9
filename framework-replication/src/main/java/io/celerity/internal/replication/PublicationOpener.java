package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.exceptions.RegistrationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the publication to one sink without blocking its agent: asks the media driver, then looks each pass whether it
 * answered. A refused endpoint (a host name that does not resolve, an address not of this machine's networks) is
 * logged once, naming what was refused and why, and asked again every second: the source goes on meanwhile, and its
 * queue's writers never notice.
 */
final class PublicationOpener {

    private static final Logger LOG = LoggerFactory.getLogger(PublicationOpener.class);
    private static final long NONE = Aeron.NULL_VALUE;
    static final long RETRY_NS = 1_000_000_000L;

    private final Aeron aeron;
    private final Endpoint endpoint;
    private final String what;
    private final String whose;
    private final String meanwhile;
    private long registration = NONE;
    private long retryAtNs;
    private boolean retrying;
    private String lastError;

    /** @param what the link, for the log, e.g. "queue 'ticks', sink 1 (host a)" */
    PublicationOpener(Aeron aeron, Endpoint endpoint, String what) {
        this(aeron, endpoint, what, "sink", "the queue is written here meanwhile");
    }

    /**
     * @param whose     the host at the endpoint, "sink" or "source", for the log
     * @param meanwhile what goes on while the publication is refused, for the log
     */
    PublicationOpener(Aeron aeron, Endpoint endpoint, String what, String whose, String meanwhile) {
        this.aeron = aeron;
        this.endpoint = endpoint;
        this.what = what;
        this.whose = whose;
        this.meanwhile = meanwhile;
    }

    /** The publication once the driver made it, else null: not yet, or refused (then asked again in a second). */
    ExclusivePublication poll(long nowNs) {
        if (retrying && nowNs - retryAtNs < 0)
            return null;
        retrying = false;
        try {
            if (registration == NONE)
                registration = aeron.asyncAddExclusivePublication(endpoint.channel(), endpoint.streamId());
            ExclusivePublication publication = aeron.getExclusivePublication(registration);
            if (publication != null) {
                registration = NONE;
                if (lastError != null)
                    LOG.info("{}: sending to {} now", what, endpoint.channel());
            }
            return publication;
        } catch (RegistrationException e) {
            registration = NONE;
            retrying = true;
            retryAtNs = nowNs + RETRY_NS;
            if (!e.getMessage().equals(lastError)) // once per cause, not once a second
                LOG.error("{}: cannot send to {} stream {} (the {} host's address and port under hosts): {}; "
                        + "trying again every second, {}", what, endpoint.channel(), endpoint.streamId(), whose,
                        e.getMessage(), meanwhile);
            lastError = e.getMessage();
            return null;
        }
    }

    /** Lets go of a publication still being made. */
    void close() {
        if (registration != NONE)
            aeron.asyncRemovePublication(registration);
    }
}
