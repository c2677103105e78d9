package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import net.openhft.chronicle.wire.MessageHistory;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The receiving end of the Celerity hop, itself a service on the same loop as the echo: it times each ping end to end
 * and, from the message history, per hop: [echo read, echo write, sink read].
 */
public final class PingSink implements Pings {
    private static final Map<String, Probes> REGISTERED = new ConcurrentHashMap<>();

    private final Probe endToEnd;
    private final Probe inputQueue;
    private final Probe echo;
    private final Probe outputQueue;

    /** Makes {@code probes} reachable by a sink whose settings name {@code key}: the framework builds the sink. */
    static void register(String key, Probes probes) {
        REGISTERED.put(key, probes);
    }

    static void unregister(String key) {
        REGISTERED.remove(key);
    }

    public PingSink(Pings unused, PingSinkSettings settings) {
        Probes probes = REGISTERED.get(settings.probes);
        if (probes == null)
            throw new IllegalStateException("no probes registered as '" + settings.probes + "'");
        endToEnd = probes.endToEnd();
        inputQueue = probes.add("input queue (send -> echo reads)");
        echo = probes.add("echo service (read -> write)");
        outputQueue = probes.add("output queue (write -> sink reads)");
    }

    @Override
    public void ping(Ping ping) {
        long now = System.nanoTime();
        MessageHistory h = MessageHistory.get();
        endToEnd.sample(now - ping.startNanos);
        if (h.timings() >= 3) {
            inputQueue.sample(h.timing(0) - ping.startNanos);
            echo.sample(h.timing(1) - h.timing(0));
            outputQueue.sample(h.timing(2) - h.timing(1));
        }
    }
}
