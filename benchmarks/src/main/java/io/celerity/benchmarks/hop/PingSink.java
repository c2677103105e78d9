package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.HistoryProbes;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.SinkProbes;
import net.openhft.chronicle.wire.MessageHistory;

/**
 * The receiving end of the Celerity hop, itself a service on the same loop as the echo: it times each ping end to end
 * and, from the message history, per hop: [echo read, echo write, sink read]. It writes nothing, so it takes no output,
 * as the hand-written hop's receiver.
 */
public final class PingSink implements Pings {
    private final Probe endToEnd;
    private final HistoryProbes hops;

    public PingSink(SinkProbes.Settings settings) {
        Probes probes = SinkProbes.of(settings);
        endToEnd = probes.endToEnd();
        hops = new HistoryProbes(probes, "input queue (send -> echo reads)", "echo service (read -> write)",
                "output queue (write -> sink reads)");
    }

    @Override
    public void ping(Ping ping) {
        endToEnd.sample(System.nanoTime() - ping.startNanos);
        hops.sample(ping.startNanos, MessageHistory.get());
    }
}
