package io.celerity.internal.replication;

/** This host's member of the cluster, for status and metrics: any thread, volatile reads. */
public interface ClusterRole {

    /** Its Raft role: LEADER, FOLLOWER or CANDIDATE. */
    String role();

    /** The latest leadership term it has seen; -1 before the first. */
    long term();

    /** The host leading that term, or null while none is known. */
    String leader();

    /** How many times its role has changed since it started. */
    long roleChanges();
}
