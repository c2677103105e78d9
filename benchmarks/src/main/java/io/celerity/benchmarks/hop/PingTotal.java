package io.celerity.benchmarks.hop;

/** A receiver that writes nothing: adds up how long each ping took, as the hand-written receiver of {@link HopCost}. */
public final class PingTotal implements Pings {
    long totalNanos;

    @Override
    public void ping(Ping ping) {
        totalNanos += System.nanoTime() - ping.startNanos;
    }
}
