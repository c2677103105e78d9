package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.HighlyAvailable;
import io.celerity.extension.ExtensionContext;
import io.celerity.extension.HostExtension;
import io.celerity.extension.MetricsSection;
import io.celerity.extension.OutputGate;
import io.celerity.extension.ReplicaAcks;
import io.celerity.extension.StatusSection;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.WeakHashMap;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The extensions on the class path as one host starts, closes and crashes them, and what they registered through their
 * {@link ExtensionContext}: agents by loop, output gates, replica acknowledgements, status and metrics sections.
 */
final class HostExtensions implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(HostExtensions.class);
    /** The extension a host copying queues to or from other hosts needs, and the artifact that provides it. */
    private static final String REPLICATION = "replication";
    private static final String REPLICATION_ARTIFACT = "io.celerity:celerity-framework-replication";

    private final CelerityConfig config;
    private final List<HostExtension> extensions;
    private final List<HostExtension.Running> running = new ArrayList<>();
    private final Map<String, List<Agent>> agents = new LinkedHashMap<>();
    private final Map<String, OutputGate> gates = new HashMap<>();
    private final Map<String, ReplicaAcks> acks = new HashMap<>();
    private final List<StatusSection> status = new ArrayList<>();
    private final List<MetricsSection> metrics = new ArrayList<>();

    // Scanning the class path is a tenth of a host's start: once per class loader (a test starts hosts by the hundred).
    private static final Map<ClassLoader, List<ServiceLoader.Provider<HostExtension>>> PROVIDERS =
            Collections.synchronizedMap(new WeakHashMap<>());

    HostExtensions(CelerityConfig config, List<HostExtension> extensions) {
        this.config = config;
        this.extensions = List.copyOf(extensions);
    }

    /** New instances of those found through {@link ServiceLoader} by the thread's context class loader. */
    static HostExtensions find(CelerityConfig config) {
        List<ServiceLoader.Provider<HostExtension>> providers = PROVIDERS.computeIfAbsent(
                Thread.currentThread().getContextClassLoader(),
                loader -> ServiceLoader.load(HostExtension.class, loader).stream().toList());
        return new HostExtensions(config, providers.stream().map(ServiceLoader.Provider::get).toList());
    }

    /** Lets each refuse the start before anything is opened; refuses a deployment that needs one that is missing. */
    void beforeOpen() {
        if (copiesQueues() && extensions.stream().noneMatch(e -> e.name().equals(REPLICATION)))
            throw new IllegalStateException("host '" + config.thisHost() + "' copies queues to or from other hosts, "
                    + "but " + REPLICATION_ARTIFACT + " is not on the class path; add it as a dependency");
        extensions.forEach(e -> e.beforeOpen(config));
    }

    // Only a host of a deployment over several hosts copies queues: one process running it all copies nothing.
    private boolean copiesQueues() {
        return config.thisHost() != null && config.queues().values().stream()
                .anyMatch(q -> q.replication() != null && !q.replication().replicas().isEmpty());
    }

    /** Starts each on the host's open {@code queues}; {@code stopHost} stops the host with a reason. */
    void start(Function<String, ChronicleQueue> queues, Consumer<String> stopHost) {
        Context context = new Context(queues, stopHost);
        for (HostExtension e : extensions) {
            HostExtension.Running r = e.start(context);
            if (r != null) {
                running.add(r);
                LOG.info("extension '{}' started", e.name());
            }
        }
        context.done = true;
        context.resolve();
    }

    /** The agents the extensions run, by loop name. */
    Map<String, List<Agent>> agents() {
        return agents;
    }

    /** The gate of {@code service}'s output, or {@code null} when it always writes. */
    OutputGate gate(String service) {
        return gates.get(service);
    }

    /** The acknowledgements of {@code queue}'s replicas, or {@code null} when it has none on this host. */
    ReplicaAcks acks(String queue) {
        return acks.get(queue);
    }

    List<StatusSection> status() {
        return status;
    }

    List<MetricsSection> metrics() {
        return metrics;
    }

    /** As a dead process would leave them. */
    void crash() {
        running.forEach(HostExtension.Running::crash);
    }

    /** Closes those started, last started first. */
    @Override
    public void close() {
        for (int i = running.size() - 1; i >= 0; i--) {
            try {
                running.get(i).close();
            } catch (RuntimeException e) {
                LOG.warn("closing an extension failed", e);
            }
        }
        running.clear();
    }

    private final class Context implements ExtensionContext {

        private final Function<String, ChronicleQueue> queues;
        private final Consumer<String> stopHost;
        private final List<LateGate> lateGates = new ArrayList<>();
        private final List<LateAcks> lateAcks = new ArrayList<>();
        private boolean done;

        Context(Function<String, ChronicleQueue> queues, Consumer<String> stopHost) {
            this.queues = queues;
            this.stopHost = stopHost;
        }

        @Override
        public CelerityConfig config() {
            return config;
        }

        @Override
        public ChronicleQueue queue(String name) {
            return queues.apply(name);
        }

        @Override
        public void runOnLoop(String loop, Agent agent) {
            starting();
            agents.computeIfAbsent(loop, k -> new ArrayList<>()).add(agent);
        }

        @Override
        public void gateOutput(String writer, OutputGate gate) {
            starting();
            if (config.highlyAvailable().stream().noneMatch(h -> h.name().equals(writer)))
                throw new IllegalArgumentException("nothing highly available named '" + writer + "' to gate; there are "
                        + config.highlyAvailable().stream().map(HighlyAvailable::name).toList());
            if (gates.putIfAbsent(writer, gate) != null)
                throw new IllegalStateException("'" + writer + "''s output is gated twice");
        }

        @Override
        public OutputGate outputGate(String writer) {
            starting();
            LateGate gate = new LateGate(writer);
            lateGates.add(gate);
            return gate;
        }

        @Override
        public void replicaAcks(String queue, ReplicaAcks replicaAcks) {
            starting();
            if (acks.putIfAbsent(queue, replicaAcks) != null)
                throw new IllegalStateException("queue '" + queue + "''s replicas are acknowledged twice");
        }

        @Override
        public ReplicaAcks replicaAcks(String queue) {
            starting();
            LateAcks late = new LateAcks(queue);
            lateAcks.add(late);
            return late;
        }

        // What one extension asked of another's is there once all have started, or the host does not start.
        void resolve() {
            for (LateGate g : lateGates) {
                g.gate = gates.get(g.writer);
                if (g.gate == null)
                    throw new IllegalStateException("'" + g.writer + "' is highly available, but nothing gates it on "
                            + "host '" + config.thisHost() + "': add " + REPLICATION_ARTIFACT + " and "
                            + "io.celerity:celerity-framework-cluster");
            }
            for (LateAcks a : lateAcks) {
                a.acks = acks.get(a.queue);
                if (a.acks == null)
                    throw new IllegalStateException("queue '" + a.queue + "' has no replicas acknowledging it on host '"
                            + config.thisHost() + "'");
            }
        }

        @Override
        public void status(StatusSection section) {
            starting();
            status.add(section);
        }

        @Override
        public void metrics(MetricsSection section) {
            starting();
            metrics.add(section);
        }

        @Override
        public Consumer<String> stopHost() {
            return stopHost;
        }

        // What runs on loops, and the gates they read, are fixed once the loops start.
        private void starting() {
            if (done)
                throw new IllegalStateException("an extension registers only while it starts");
        }
    }

    /** A gate asked for before the extension registering it started; set before any loop runs. */
    private static final class LateGate implements OutputGate {

        private final String writer;
        private OutputGate gate;

        LateGate(String writer) {
            this.writer = writer;
        }

        @Override
        public State state(long nowNanos) {
            return gate.state(nowNanos);
        }

        @Override
        public String why(long nowNanos) {
            return gate.why(nowNanos);
        }
    }

    /** Acknowledgements asked for before the extension registering them started; set before any loop runs. */
    private static final class LateAcks implements ReplicaAcks {

        private final String queue;
        private ReplicaAcks acks;

        LateAcks(String queue) {
            this.queue = queue;
        }

        @Override
        public boolean replicated(long index, int replicas) {
            return acks.replicated(index, replicas);
        }
    }
}
