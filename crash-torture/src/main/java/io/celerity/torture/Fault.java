package io.celerity.torture;

import java.util.Random;

/**
 * One fault of a cross-host trial, injected {@code afterMillis} after the previous one was over (or after the hosts
 * started): a kill -9 of the host the orders enter (the source of the pipeline), a kill -9 of another host (a sink
 * of the queues it reads, the source of what it writes), or a host's link cut for {@code downMillis} and restored.
 * A killed host is started again at once.
 */
record Fault(Kind kind, String host, long afterMillis, long downMillis) {

    enum Kind {
        KILL_SOURCE, KILL_SINK, LINK_DOWN
    }

    static Fault random(Random random, long windowMillis) {
        Kind kind = Kind.values()[random.nextInt(Kind.values().length)];
        long after = (long) (random.nextDouble() * windowMillis);
        return switch (kind) {
            case KILL_SOURCE -> killSource(after);
            case KILL_SINK -> killSink(OmsHostsDeployment.HOSTS.get(1 + random.nextInt(2)), after);
            case LINK_DOWN -> linkDown(OmsHostsDeployment.HOSTS.get(random.nextInt(3)), after,
                    500 + random.nextInt(2_501));
        };
    }

    static Fault killSource(long afterMillis) {
        return new Fault(Kind.KILL_SOURCE, OmsHostsDeployment.ENTRY, afterMillis, 0);
    }

    static Fault killSink(String host, long afterMillis) {
        return new Fault(Kind.KILL_SINK, host, afterMillis, 0);
    }

    static Fault linkDown(String host, long afterMillis, long downMillis) {
        return new Fault(Kind.LINK_DOWN, host, afterMillis, downMillis);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case KILL_SOURCE, KILL_SINK -> String.format("kill -9 of host %s after %,d ms", host, afterMillis);
            case LINK_DOWN -> String.format("host %s's link down for %,d ms after %,d ms", host, downMillis, afterMillis);
        };
    }
}
