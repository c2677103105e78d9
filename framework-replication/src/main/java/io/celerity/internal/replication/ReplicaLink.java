package io.celerity.internal.replication;

/**
 * One copy of a queue as this host sees it: at the source, what one sink acknowledged; at a sink, what its replica
 * holds. Read from any thread (volatile fields), for the status file and the metrics.
 */
public interface ReplicaLink {

    /** The queue's name. */
    String queue();

    /** The host that writes the queue. */
    String source();

    /** The host the queue is copied to. */
    String sink();

    /** Whether this host is the source: {@link #ackedIndex()} is then the sink's report, else the replica's own. */
    boolean atSource();

    /** At the source, the index the sink last acknowledged holding all up to; at the sink, its last; -1: none. */
    long ackedIndex();

    /** How many times the source moved to the sink's place (a restart, a lost connection, a gap). */
    long resumes();

    /** Why this link stopped (a replica that diverged from its source, another roll cycle), or null while it runs. */
    String failure();
}
