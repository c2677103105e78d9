package io.celerity.internal.cluster;

/** Told on the clustered service's thread each time the lease is extended, before {@link Leadership} shows it. */
@FunctionalInterface
public interface LeaseListener {

    /** Nobody listens. */
    LeaseListener NONE = (term, from, until, now) -> { };

    /**
     * The lease of {@code term} now runs from {@code fromNanos} to {@code untilNanos} (both {@link System#nanoTime()}),
     * extended at {@code nowNanos}.
     */
    void extended(long term, long fromNanos, long untilNanos, long nowNanos);
}
