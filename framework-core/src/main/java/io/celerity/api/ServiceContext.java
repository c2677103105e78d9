package io.celerity.api;

/**
 * What the framework offers a component beyond its output interface; take it as an optional constructor parameter.
 */
public interface ServiceContext {

    /** The service's name, as configured. */
    String serviceName();

    /** Wall-clock time in nanoseconds since the epoch; settable in tests so results are deterministic. */
    long currentTimeNanos();

    /**
     * A 64-bit id unique on this host and increasing: wall-clock nanoseconds (to 100 ns) with the host id in the lowest
     * two decimal digits. Cheaper than a UUID and readable as a time; deterministic in tests.
     */
    long uniqueTimestamp();

    /**
     * Records that the input being processed is done although it produced no output, so a restart does not replay it.
     * A no-op when the input has already produced output or when called outside an input event.
     */
    void acknowledge();

    /**
     * Asks that the outputs of the input (or timer tick) being processed be on disk before the service goes on: once
     * they are committed, the output queue's file is synced (msync, MS_SYNC) before the next input is read. For the
     * rare output that must survive a power cut, such as a large trade; other outputs are left to the OS, or to the
     * queue's {@code sync} setting. Costs a disk write. Does nothing when the input writes no output.
     */
    void syncOutputs();

    /**
     * Asks that the outputs of the input (or timer tick) being processed be held by at least {@code replicas} of the
     * output queue's replicas on other hosts (at most all of them) before the service reads its next input: for the
     * answer that must survive the loss of this host. A queue's {@code acks} asks it of every output. Does nothing
     * when the output queue is not copied to another host, or when the input writes no output.
     */
    default void replicateOutputs(int replicas) {
    }

    /**
     * The index of the last document this component wrote to its output queue and committed, or -1 before its first:
     * for an agent, the event it has just written; for a service, an output of an earlier input (those of the input in
     * hand are committed after it returns). Pass it to {@link #replicated(long, int)}.
     */
    default long lastOutputIndex() {
        return -1;
    }

    /**
     * Whether at least {@code replicas} of the output queue's replicas on other hosts (at most all of them, at least its
     * {@code acks}) hold the document at {@code index} and every one before it. Never waits and allocates nothing: an
     * agent, which must not hold up its event loop, keeps what depends on a write (a client's answer) until this says
     * so, asking again on a later pass. True when the output queue is not copied to another host.
     */
    default boolean replicated(long index, int replicas) {
        return true;
    }
}
