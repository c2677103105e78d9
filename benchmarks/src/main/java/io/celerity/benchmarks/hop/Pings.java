package io.celerity.benchmarks.hop;

/** The one event of the hop benchmarks, in and out. */
public interface Pings {
    void ping(Ping ping);
}
