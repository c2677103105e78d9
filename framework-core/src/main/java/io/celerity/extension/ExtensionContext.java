package io.celerity.extension;

import io.celerity.config.CelerityConfig;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.agrona.concurrent.Agent;

import java.util.function.Consumer;

/**
 * What a {@link HostExtension} may touch of its host while it starts: the configuration and queues, the event loops,
 * the gates of services' outputs, the replicas' acknowledgements, status, metrics, and stopping the host. Host thread.
 */
public interface ExtensionContext {

    /** The deployment this host runs. */
    CelerityConfig config();

    /** The host's open queue {@code name} (one of {@code config().queues()} this host holds). */
    ChronicleQueue queue(String name);

    /**
     * Runs {@code agent} on event loop {@code loop} beside the services and agents configured there (a loop of that
     * name is created if none is configured): {@code onStart}, {@code doWork} and {@code onClose} on its thread. A
     * failing {@code doWork} is logged and backed off; the loop carries on.
     */
    void runOnLoop(String loop, Agent agent);

    /**
     * Gates what highly available {@code writer} writes ({@link CelerityConfig#highlyAvailable()}): it writes only
     * while {@code gate} is open; a gated service starts by following its output (its state kept warm from it) and
     * goes live once the gate opens.
     */
    void gateOutput(String writer, OutputGate gate);

    /**
     * The gate another extension puts on highly available {@code writer} (e.g. a FIX gateway's, from its lease): read
     * it on a loop; it is resolved once every extension has started, and the host refuses to start without one.
     */
    OutputGate outputGate(String writer);

    /** Where the acknowledgements of the replicas of queue {@code queue}, written on this host, come from. */
    void replicaAcks(String queue, ReplicaAcks acks);

    /**
     * The acknowledgements of the replicas of queue {@code queue}, written on this host, as another extension
     * registers them: read them on a loop; resolved once every extension has started, and the host refuses to start
     * without them.
     */
    ReplicaAcks replicaAcks(String queue);

    /** Adds a section to the host's status, written once a second off the loops and once more at its end. */
    void status(StatusSection section);

    /** Adds a section to the host's Prometheus metrics, when monitoring is on. */
    void metrics(MetricsSection section);

    /** Told, from any thread, why the host must stop: it stops once, logging the first reason. */
    Consumer<String> stopHost();
}
