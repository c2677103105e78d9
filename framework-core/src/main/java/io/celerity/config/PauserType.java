package io.celerity.config;

/** What an event loop does when it finds no work: trade CPU for latency. */
public enum PauserType {
    /** Spin: lowest latency, burns a whole core. */
    BUSY,
    /** Spin then yield the core to other threads. */
    YIELDING,
    /** Spin for 100 us after the last work, yield until 1 ms, then sleep 50 us to 1 ms: the default. */
    BALANCED,
    /** Yield for 50 us, then sleep 0.5 ms to 20 ms: for quiet services. */
    SLEEPY
}
