package io.celerity.extension;

import io.celerity.config.CelerityConfig;

/**
 * A capability plugged into a host's life cycle, found through {@link java.util.ServiceLoader} (a module lists its
 * implementation in {@code META-INF/services/io.celerity.extension.HostExtension}). The host asks every extension on
 * the class path; each decides from the configuration whether it has work on this host.
 */
public interface HostExtension {

    /** Its name, for logs and for the error naming what a deployment needs but lacks, e.g. {@code replication}. */
    String name();

    /**
     * Refuses a start before the host opens or writes anything, by throwing (e.g. a queue the host would write holds
     * another host's copy); called on the host's thread.
     */
    default void beforeOpen(CelerityConfig config) {
    }

    /**
     * Starts its part on this host once the host's queues are open and before any loop runs: it registers its agents,
     * gates, replica acknowledgements, status and metrics through {@code context}, which it must not use later.
     *
     * @return what to close or crash with the host, or {@code null} when this host needs nothing of it
     */
    Running start(ExtensionContext context);

    /** An extension started on a host. */
    interface Running extends AutoCloseable {

        /** Lets go of what it holds; the host's loops, and so its agents, have stopped by then. */
        @Override
        void close();

        /** The process is taken to have died: lets go of only what the kernel would release. Default: nothing. */
        default void crash() {
        }
    }
}
