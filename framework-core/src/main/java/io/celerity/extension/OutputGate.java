package io.celerity.extension;

/**
 * Whether a service on this host may write its output now: e.g. the lease of a highly available service. Read by the
 * service's loop before every output; any thread, no allocation, no locks.
 */
public interface OutputGate {

    /** What a gate says. */
    enum State {
        /** Write. */
        OPEN,
        /** Write nothing now; it may open again (e.g. a lease not yet held, or lapsed). */
        CLOSED,
        /** Never write again: another host has taken the output over. The host stops, saying {@link #why}. */
        DEPOSED
    }

    /** The gate at {@code nowNanos} ({@link System#nanoTime()}). */
    State state(long nowNanos);

    /** One line for logs: why it is closed or deposed at {@code nowNanos}; null while it is open. */
    String why(long nowNanos);
}
