package io.celerity.examples.demo;

import picocli.CommandLine.Option;

import java.nio.file.Path;

/** The command-line options every demo shares: how hard and how long to drive it, and where its queues live. */
public final class LoadOptions {

    @Option(names = "--rate", defaultValue = "20000", description = "messages per second (default ${DEFAULT-VALUE})")
    public int rate;

    @Option(names = "--seconds", defaultValue = "10", description = "how long to send (default ${DEFAULT-VALUE})")
    public int seconds;

    @Option(names = "--warmup-seconds", defaultValue = "2",
            description = "leading seconds left out of the latency figures (default ${DEFAULT-VALUE})")
    public int warmUpSeconds;

    @Option(names = "--dir", defaultValue = "data/${COMMAND-NAME}",
            description = "queue directory (default ${DEFAULT-VALUE})")
    public Path dir;

    @Option(names = "--clear", description = "delete the queues first, starting from nothing")
    public boolean clear;

    /** How many messages the run sends. */
    public long count() {
        return (long) rate * seconds;
    }

    /** How many of them are sent during warm-up (at least the last second is measured). */
    public long warmUpCount() {
        return (long) rate * Math.min(warmUpSeconds, seconds - 1);
    }
}
