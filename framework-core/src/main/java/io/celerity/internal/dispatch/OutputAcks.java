package io.celerity.internal.dispatch;

import io.celerity.internal.replication.ReplicaAcks;

/**
 * The replicas of a service's output queue: where their acknowledgements come from, how many there are, and how many
 * must hold each output before the service reads its next input (the queue's {@code acks}).
 */
public record OutputAcks(ReplicaAcks acks, int replicas, int required) {

    /** The output queue is not copied to another host. */
    public static final OutputAcks NONE = new OutputAcks(null, 0, 0);

    /** How many replicas an output must wait for, when its event asked for {@code asked}. */
    int toAwait(int asked) {
        return Math.max(required, Math.min(asked, replicas));
    }
}
