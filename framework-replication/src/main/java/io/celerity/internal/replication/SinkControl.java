package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import net.openhft.chronicle.queue.RollCycle;
import org.agrona.CloseHelper;

/**
 * A sink's control publication to the source it follows: made in the agent's passes, never blocking, and moved to
 * another host's control endpoint when a source with a later lease is heard there.
 */
final class SinkControl {

    private static final String MEANWHILE = "nothing is copied here meanwhile";

    private final Aeron aeron;
    private final int sinkId;
    private final RollCycle rollCycle;
    private final Endpoint[] controls; // by host index, to follow a highly available queue's source; null: fixed
    private Endpoint endpoint;
    private volatile int host;
    private String link;
    private PublicationOpener opener;
    private SinkReports reports; // null until the media driver made the publication

    /** @param controls each host's control endpoint, by host index, when the sink follows the source; else null */
    SinkControl(Aeron aeron, int sinkId, RollCycle rollCycle, Endpoint[] controls, Endpoint endpoint, int host) {
        this.aeron = aeron;
        this.sinkId = sinkId;
        this.rollCycle = rollCycle;
        this.controls = controls;
        this.endpoint = endpoint;
        this.host = host;
    }

    /** Starts making the publication; {@code link} names the queue, the sink and its hosts in what is logged. */
    void start(String link) {
        this.link = link;
        opener = new PublicationOpener(aeron, endpoint, link, "source", MEANWHILE);
    }

    /** Whether the publication is made now: looked for in this pass, never waited for. */
    boolean open(long nowNs) {
        ExclusivePublication publication = opener.poll(nowNs);
        if (publication == null)
            return false;
        reports = new SinkReports(publication, sinkId, rollCycle);
        return true;
    }

    /** What the sink tells its source; null until the publication is made. */
    SinkReports reports() {
        return reports;
    }

    /** The control endpoint of the source followed. */
    Endpoint endpoint() {
        return endpoint;
    }

    /** The index, under {@code hosts}, of the host followed. Any thread. */
    int host() {
        return host;
    }

    /**
     * Sends to host {@code newHost}'s control endpoint from now on, if the sink follows the source and that is another
     * host; whether it moved.
     */
    boolean moveTo(int newHost) {
        if (controls == null || newHost < 0 || newHost >= controls.length || newHost == host)
            return false;
        // Made in the passes that follow, never blocking: an endpoint that does not resolve is retried and said.
        CloseHelper.close(reports);
        opener.close();
        reports = null;
        endpoint = controls[newHost];
        host = newHost;
        opener = new PublicationOpener(aeron, endpoint, link, "source on host " + newHost, MEANWHILE);
        return true;
    }

    /** Lets go of a publication still being made, if any. */
    void abandonOpening() {
        if (reports == null && opener != null)
            opener.close();
    }
}
