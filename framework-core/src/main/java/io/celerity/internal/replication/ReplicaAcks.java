package io.celerity.internal.replication;

import java.time.Duration;

/** What the replicas of a queue written on this host have persisted. */
@FunctionalInterface
public interface ReplicaAcks {

    /** Whether at least {@code replicas} replicas hold {@code index}, waiting up to {@code timeout}; no allocation. */
    boolean awaitReplicated(long index, int replicas, Duration timeout);
}
