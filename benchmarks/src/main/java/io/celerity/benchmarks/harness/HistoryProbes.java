package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.MessageHistory;

/**
 * Per-hop probes fed from a Celerity message history, whose timings alternate [service read, service write, ...]
 * and end with the receiver's own read: hop 0 runs from the message's start to the first read, hop i from timing i-1
 * to timing i.
 */
public final class HistoryProbes {
    private final Probe[] hops;

    /** One probe per hop, named in order, e.g. "orders queue", "order gateway", ..., "reports queue". */
    public HistoryProbes(Probes probes, String... hopNames) {
        hops = new Probe[hopNames.length];
        for (int i = 0; i < hopNames.length; i++)
            hops[i] = probes.add(hopNames[i]);
    }

    /** Samples every hop the history has timings for; a history from elsewhere with fewer is skipped. */
    public void sample(long startNanos, MessageHistory history) {
        if (history.timings() < hops.length)
            return;
        hops[0].sample(history.timing(0) - startNanos);
        for (int i = 1; i < hops.length; i++)
            hops[i].sample(history.timing(i) - history.timing(i - 1));
    }
}
