package io.celerity.internal.replication;

/**
 * Whether this host is the primary of one highly available service: it holds the service's lease from the cluster and
 * its copy of the output has become the source. Read by the service's loop before every output; any thread, no
 * allocation, no locks.
 */
public interface Primacy {

    /** Whether this host may write the service's output at {@code nowNanos} ({@link System#nanoTime()}). */
    boolean holds(long nowNanos);

    /**
     * Whether another host has taken the service over since this host held it: this host must never write its output
     * again (its copy may hold outputs the new primary never had); it may rejoin as the standby once restarted.
     */
    boolean deposed();

    /** One line for logs and status: why this host does not hold it now, or who does; null while it holds it. */
    String why(long nowNanos);

    /** The fencing token of the lease this host holds or last held (one more per takeover); 0 for none yet. */
    long token();
}
