package io.celerity.benchmarks.harness;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The probes of one benchmark: end to end first, then any per-hop probes the task adds, in order. */
public final class Probes {
    public static final String END_TO_END = "end to end";

    private final List<Probe> all = new ArrayList<>(List.of(new Probe(END_TO_END)));
    private StartTimes startTimes;

    /** Sampled once per message when it arrives, against the start time handed to {@link LatencyTask#send}. */
    public Probe endToEnd() {
        return all.get(0);
    }

    /** Adds a per-hop probe, e.g. one fed from message history timings. */
    public Probe add(String name) {
        if (all.stream().anyMatch(p -> p.name().equals(name)))
            throw new IllegalArgumentException("probe '" + name + "' already exists");
        Probe probe = new Probe(name);
        all.add(probe);
        return probe;
    }

    /** Start times by message number (the last 2M), shared by a sender and a receiver that needs them. */
    public synchronized StartTimes startTimes() {
        if (startTimes == null)
            startTimes = new StartTimes(1 << 21);
        return startTimes;
    }

    List<Probe> all() {
        return Collections.unmodifiableList(all);
    }
}
