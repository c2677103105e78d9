package io.celerity.internal.replication;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Keeps a highly available queue's other sinks behind what every eligible candidate (a host that may take the service
 * over) holds, so a successor holds everything anyone downstream saw; and manages which candidates are eligible: one
 * that caught up is gated on first and then declared eligible, one that stopped acknowledging while behind is declared
 * ineligible and its gate dropped only once the cluster confirmed. Used on the source's agent thread; no allocation.
 */
public final class CandidateGate {

    private static final Logger LOG = LoggerFactory.getLogger(CandidateGate.class);
    /**
     * A gated candidate behind and silent this long is declared ineligible. Long enough for a loaded host's hiccup (a
     * standby dropped at the moment the primary fails means no takeover), short enough that downstream, held behind it
     * meanwhile, waits about a second when the standby dies.
     */
    static final long STALL_NS = 1_000_000_000L;
    /** An unconfirmed request is asked again this often. */
    static final long ASK_AGAIN_NS = 300_000_000L;

    private final String queue;
    private final HaLease lease;
    private final int[] candidateIds;
    private final String[] hosts;
    private final boolean[] wanted;
    private final boolean[] confirmedEligible; // the cluster confirmed it: it may take over from now on
    private final long[] lastHeld;
    private final long[] progressNs;
    private final long[] askedNs;
    private SinkLink[] candidates;
    private SinkLink[] others;
    private SinkLink[] all;
    private boolean started;

    /**
     * @param queue        the queue, for the log
     * @param candidateIds the sink ids of the candidates among the source's sinks
     * @param hosts        their hosts, as the lease names them
     */
    public CandidateGate(String queue, HaLease lease, List<Integer> candidateIds, List<String> hosts) {
        this.queue = queue;
        this.lease = lease;
        this.candidateIds = candidateIds.stream().mapToInt(Integer::intValue).toArray();
        this.hosts = hosts.toArray(String[]::new);
        int n = this.candidateIds.length;
        wanted = new boolean[n];
        confirmedEligible = new boolean[n];
        lastHeld = new long[n];
        progressNs = new long[n];
        askedNs = new long[n];
    }

    /** Finds the candidates among the source's links; the others are gated. */
    void bind(SinkLink[] links) {
        all = links;
        candidates = new SinkLink[candidateIds.length];
        others = new SinkLink[links.length - candidateIds.length];
        int o = 0;
        for (SinkLink link : links) {
            int c = indexOf(link.id());
            if (c >= 0)
                candidates[c] = link;
            else if (o < others.length)
                others[o++] = link;
        }
        for (int c = 0; c < candidates.length; c++)
            if (candidates[c] == null)
                throw new IllegalArgumentException("queue '" + queue + "': no sink " + candidateIds[c] + " ("
                        + hosts[c] + ") among the source's sinks");
    }

    private int indexOf(int id) {
        for (int c = 0; c < candidateIds.length; c++)
            if (candidateIds[c] == id)
                return c;
        return -1;
    }

    /** Before the links send in this pass: updates eligibility, then sets every other link's limit. */
    void apply(long nowNs) {
        if (!started)
            start(nowNs);
        long maxSent = -1;
        for (SinkLink link : all)
            maxSent = Math.max(maxSent, link.lastSent());
        long gate = Long.MAX_VALUE;
        for (int c = 0; c < candidates.length; c++) {
            SinkLink link = candidates[c];
            long held = link.heldIndex();
            boolean caughtUp = link.serving() && link.atEnd() && held >= link.lastSent() && held >= maxSent;
            if (!wanted[c]) {
                if (caughtUp) {
                    wanted[c] = true; // gated on from here, before the cluster may let it take over
                    progressNs[c] = nowNs;
                    lastHeld[c] = held;
                    ask(c, true, nowNs);
                    LOG.info("queue '{}': candidate {} caught up at index {}; declared eligible", queue, hosts[c],
                            Long.toHexString(held));
                }
            } else if (held < lastHeld[c]) {
                // Its copy went back (rebuilt, moved aside): it lacks what the others may have had from it.
                wanted[c] = false;
                ask(c, false, nowNs);
                LOG.warn("queue '{}': candidate {} came back holding less (index {}, was {}); declared ineligible, the "
                        + "other sinks wait until the cluster confirms", queue, hosts[c], Long.toHexString(held),
                        Long.toHexString(lastHeld[c]));
            } else if (caughtUp || held != lastHeld[c]) {
                progressNs[c] = nowNs;
                lastHeld[c] = held;
            } else if (nowNs - progressNs[c] > STALL_NS) {
                wanted[c] = false; // gated on still, until the cluster confirms it may not take over
                ask(c, false, nowNs);
                LOG.warn("queue '{}': candidate {} acknowledged nothing for {} ms while behind (at index {}); "
                        + "declared ineligible, the other sinks wait until the cluster confirms", queue, hosts[c],
                        STALL_NS / 1_000_000, Long.toHexString(held));
            }
            boolean confirmed = wanted[c] ? lease.eligible(hosts[c]) : lease.ineligible(hosts[c]);
            if (!confirmed && nowNs - askedNs[c] > ASK_AGAIN_NS)
                ask(c, wanted[c], nowNs);
            if (wanted[c] && confirmed && !confirmedEligible[c]) {
                confirmedEligible[c] = true;
                LOG.info("queue '{}': candidate {} confirmed eligible by the cluster; it may take over", queue,
                        hosts[c]);
            }
            confirmedEligible[c] &= wanted[c];
            if (wanted[c] || !lease.ineligible(hosts[c]))
                gate = Math.min(gate, held); // eligible, or not known not to be
        }
        for (SinkLink link : others)
            link.limit(gate);
    }

    // A new process knows no candidate's eligibility (a holder restarted within its lease may have left one eligible):
    // each is asked ineligible, and gated on until the cluster confirms, then declared eligible again once caught up.
    private void start(long nowNs) {
        started = true;
        for (int c = 0; c < candidates.length; c++) {
            wanted[c] = lease.eligible(hosts[c]);
            lastHeld[c] = candidates[c].heldIndex();
            progressNs[c] = nowNs;
            if (!wanted[c])
                ask(c, false, nowNs);
        }
    }

    private void ask(int c, boolean eligible, long nowNs) {
        askedNs[c] = nowNs;
        if (eligible)
            lease.askEligible(hosts[c]);
        else
            lease.askIneligible(hosts[c]);
    }
}
