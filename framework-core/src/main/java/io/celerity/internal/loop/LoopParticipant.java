package io.celerity.internal.loop;

import io.celerity.internal.history.InputHistory;

/**
 * What an event loop runs: a service or a user's agent. Built on the host thread; every method below runs on the loop
 * thread.
 */
public interface LoopParticipant {

    /** The configured name, for logs and errors. */
    String name();

    /** Builds what runs and readies it; the loop's thread-wide message history is {@code history}. */
    void open(InputHistory history);

    /** One unit of work; returns how much was done (0: nothing, the loop may pause). */
    int doWork() throws Exception;

    /** Between passes that found no work. */
    void idle();

    /**
     * Takes a failure that escaped {@link #doWork()}; returns true when it is the loop's to log and time out (a
     * service failing outside any message), false when the participant counted and reported it itself.
     */
    default boolean loopHandles(Throwable failure) {
        return true;
    }

    /** Releases what the participant holds. */
    void close();

    /** The process is taken to have died: let go of only what the kernel would release (sockets, not queues). */
    default void abandon() {
    }
}
