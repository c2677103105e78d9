package io.celerity.benchmarks.harness;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands a benchmark's probes to a receiving service that the framework builds from its class name: the benchmark
 * registers them under a key and names the key in the sink's settings ({@code probes: KEY}).
 */
public final class SinkProbes {
    private static final Map<String, Probes> REGISTERED = new ConcurrentHashMap<>();

    /** The settings of a sink service. */
    public static final class Settings {
        public String probes;
    }

    private SinkProbes() {
    }

    public static void register(String key, Probes probes) {
        REGISTERED.put(key, probes);
    }

    public static void unregister(String key) {
        REGISTERED.remove(key);
    }

    /** The probes a sink with these settings feeds. */
    public static Probes of(Settings settings) {
        Probes probes = REGISTERED.get(settings.probes);
        if (probes == null)
            throw new IllegalStateException("no probes registered as '" + settings.probes + "'");
        return probes;
    }
}
