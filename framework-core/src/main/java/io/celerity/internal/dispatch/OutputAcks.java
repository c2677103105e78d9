package io.celerity.internal.dispatch;

import io.celerity.config.QueueConfig;
import io.celerity.extension.ReplicaAcks;

/**
 * The replicas of a service's or agent's output queue: where their acknowledgements come from, how many there are, and
 * how many must hold each output before a service reads its next input (the queue's {@code acks}).
 */
public record OutputAcks(ReplicaAcks acks, int replicas, int required) {

    /** The output queue is not copied to another host. */
    public static final OutputAcks NONE = new OutputAcks(null, 0, 0);

    /** Those of {@code output}, whose replicas acknowledge through {@code acks} ({@code null}: none on this host). */
    public static OutputAcks of(QueueConfig output, ReplicaAcks acks) {
        return acks == null ? NONE : new OutputAcks(acks, output.replication().replicas().size(),
                output.replication().acks());
    }

    /** How many replicas an output must wait for, when its event asked for {@code asked}. */
    int toAwait(int asked) {
        return Math.max(required, Math.min(asked, replicas));
    }

    /** Whether the replicas an output asking for {@code asked} waits for hold {@code index} now; never waits. */
    boolean holds(long index, int asked) {
        int replicasToHold = toAwait(asked);
        return replicasToHold == 0 || acks.replicated(index, replicasToHold);
    }
}
