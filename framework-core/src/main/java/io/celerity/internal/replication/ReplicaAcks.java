package io.celerity.internal.replication;

import java.time.Duration;

/** What the replicas of a queue written on this host have persisted. Any thread but the replicator's own. */
public interface ReplicaAcks {

    /** Whether at least {@code replicas} replicas hold {@code index}, waiting up to {@code timeout}; no allocation. */
    boolean awaitReplicated(long index, int replicas, Duration timeout);

    /** Whether at least {@code replicas} replicas hold {@code index} now; never waits, no allocation. */
    boolean replicated(long index, int replicas);
}
