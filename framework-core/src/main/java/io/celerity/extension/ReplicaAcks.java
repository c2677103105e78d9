package io.celerity.extension;

/** What the replicas of a queue written on this host have persisted. Any thread but the replicator's own. */
@FunctionalInterface
public interface ReplicaAcks {

    /** Whether at least {@code replicas} replicas hold {@code index} now; never waits, no allocation. */
    boolean replicated(long index, int replicas);
}
