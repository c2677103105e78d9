package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Starts copying queues between hosts. Provided by the module framework-replication through {@link ServiceLoader}, so
 * that framework-core, and an application on one host, do without its transport.
 */
public interface ReplicationFactory {

    /** The artifact that provides it, for the error when it is missing. */
    String ARTIFACT = "io.celerity:celerity-framework-replication";

    /**
     * Starts copying the queues of {@code config.thisHost()}: those written there to their replicas, and those copied
     * there from their sources.
     *
     * @param queues   the host's open queues, by name
     * @param stopHost told, once, why the host must stop (e.g. another host took over a service it was primary of)
     */
    QueueReplication start(CelerityConfig config, Function<String, ChronicleQueue> queues, Consumer<String> stopHost);

    /** The factory on the class path, if any. */
    static Optional<ReplicationFactory> find() {
        return ServiceLoader.load(ReplicationFactory.class, Thread.currentThread().getContextClassLoader()).findFirst();
    }
}
