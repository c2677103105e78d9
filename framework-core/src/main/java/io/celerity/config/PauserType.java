package io.celerity.config;

/** What an event loop does when it finds no work: trade CPU for latency. */
public enum PauserType {
    /** Spin: lowest latency, burns a whole core. */
    BUSY,
    /** Spin then yield the core to other threads. */
    YIELDING,
    /** Spin, yield, then back off with short sleeps: the default. */
    BALANCED,
    /** Back off to sleeping quickly: for quiet services. */
    SLEEPY
}
