package io.celerity.internal.replication;

/**
 * One highly available service's lease as this host sees it, granted by the cluster to one host at a time. The cluster
 * grants it to a host other than the holder only once the holder's lease expired and the holder had declared that host
 * eligible under its current token; each such grant adds one to the token and empties the eligible hosts. Any thread;
 * no allocation.
 */
public interface HaLease {

    /** Whether this host holds the lease at {@code nowNanos} ({@link System#nanoTime()}). */
    boolean holds(long nowNanos);

    /** The fencing token of the lease this host holds or last held; 0: none. */
    long token();

    /** The holder as last heard, or null. */
    String holder();

    /** The holder's token, 0 when unknown. */
    long holderToken();

    /** Another host holds a later token than this host held: this host must stop for good. */
    boolean deposed();

    /** Holder only: lets {@code host} take over once this lease expires (the cluster confirms). */
    void askEligible(String host);

    /** Holder only: {@code host} may no longer take over (the cluster confirms). */
    void askIneligible(String host);

    /** Whether {@code host} may take over, as last confirmed by the cluster. */
    boolean eligible(String host);

    /**
     * Whether the cluster confirmed that {@code host} may not take over; neither this nor {@link #eligible} while
     * unknown (a holder restarted within its lease, whose new process has not asked yet).
     */
    boolean ineligible(String host);

    /** Why this host does not hold the lease at {@code nowNanos}, or null when it does. */
    String why(long nowNanos);
}
