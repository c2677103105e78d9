package io.celerity.internal.replication;

import java.util.List;

/**
 * The gate of a highly available writer of several queues (a FIX gateway: its inbound queue and its session journal),
 * one {@link HaReplicator} each under the same lease: open once every copy is the source, deposed once any is.
 */
final class LeaseGates implements LeaseGate {

    private final HaReplicator[] copies;

    LeaseGates(List<HaReplicator> copies) {
        this.copies = copies.toArray(HaReplicator[]::new);
    }

    @Override
    public State state(long nowNanos) {
        State state = State.OPEN;
        for (HaReplicator copy : copies) { // a loop, not a stream: read before every output
            State s = copy.state(nowNanos);
            if (s == State.DEPOSED)
                return s;
            if (s == State.CLOSED)
                state = s;
        }
        return state;
    }

    @Override
    public String why(long nowNanos) {
        for (HaReplicator copy : copies) {
            String why = copy.why(nowNanos);
            if (why != null)
                return why;
        }
        return null;
    }

    @Override
    public long token() {
        return copies[0].token();
    }
}
