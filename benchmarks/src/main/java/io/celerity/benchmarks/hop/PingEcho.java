package io.celerity.benchmarks.hop;

/** The service under test: passes every ping on unchanged, so its cost is the framework's cost. */
public final class PingEcho implements Pings {
    private final Pings out;

    public PingEcho(Pings out) {
        this.out = out;
    }

    @Override
    public void ping(Ping ping) {
        out.ping(ping);
    }
}
