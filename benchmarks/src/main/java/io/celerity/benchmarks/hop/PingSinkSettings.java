package io.celerity.benchmarks.hop;

/** Which registered probes a {@link PingSink} feeds. */
public final class PingSinkSettings {
    public String probes;
}
