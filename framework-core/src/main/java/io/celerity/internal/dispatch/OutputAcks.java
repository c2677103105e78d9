package io.celerity.internal.dispatch;

import io.celerity.internal.replication.ReplicaAcks;

/**
 * How many replicas of a service's output queue must hold each output before the service reads its next input: the
 * queue's {@code acks}, and where those acknowledgements come from.
 */
public record OutputAcks(ReplicaAcks acks, int replicas) {

    /** No waiting: the output queue has no replicas, or its {@code acks} is 0. */
    public static final OutputAcks NONE = new OutputAcks(null, 0);
}
