package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.config.HighlyAvailable;
import io.celerity.config.ServiceConfig;
import io.celerity.extension.ExtensionContext;
import io.celerity.extension.HostExtension;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Queue replication as an extension of the host: on a host of a deployment over several hosts it copies the queues
 * written there to their replicas and those copied there from their sources, on the loop {@value #LOOP}; it gates the
 * output of each highly available service by its lease, acknowledges replicas, and writes the copies' status and
 * metrics (and, with a cluster, the host's part in high availability).
 */
public final class ReplicationExtension implements HostExtension {

    /** The loop the queue replicators run on; declare an event loop of this name to choose its pauser and CPU. */
    public static final String LOOP = "replication";

    private final AeronReplicationFactory factory;

    /** The extension the host finds through {@link java.util.ServiceLoader}. */
    public ReplicationExtension() {
        this(new AeronReplicationFactory());
    }

    /** @param factory starts the copying (tests: with an in-memory cluster's leases) */
    ReplicationExtension(AeronReplicationFactory factory) {
        this.factory = factory;
    }

    @Override
    public String name() {
        return "replication";
    }

    /** A copy of another host's queue is written by its sink alone: e.g. a whole deployment started on one of its hosts. */
    @Override
    public void beforeOpen(CelerityConfig config) {
        List<String> written = new ArrayList<>();
        for (ServiceConfig s : config.services().values()) {
            // A highly available service's output is written by whichever of its hosts holds the lease: on either,
            // the file may say it was a copy last (the replication promotes it when the lease says so).
            if (!s.highlyAvailable())
                written.add(s.output());
            if (s.errors() != null)
                written.add(s.errors());
            if (s.snapshot() != null)
                written.add(s.snapshot().queue());
        }
        config.agents().values().forEach(a -> written.add(a.output()));
        for (String queue : written)
            ReplicaDirectory.copyOf(config.queues().get(queue).path()).ifPresent(why -> {
                throw new IllegalStateException("cannot start: queue '" + queue + "' would be written here, but " + why);
            });
    }

    @Override
    public Running start(ExtensionContext context) {
        CelerityConfig config = context.config();
        if (config.thisHost() == null || config.queues().values().stream().noneMatch(q -> q.replication() != null
                && !q.replication().replicas().isEmpty()))
            return null; // one process running a whole deployment copies nothing
        QueueReplication replication = factory.start(config, context::queue, context.stopHost());
        try {
            register(context, replication);
        } catch (RuntimeException | Error e) {
            replication.close();
            throw e;
        }
        return replication::close;
    }

    private static void register(ExtensionContext context, QueueReplication replication) {
        CelerityConfig config = context.config();
        replication.agents().forEach(a -> context.runOnLoop(LOOP, a));
        Map<String, LeaseGate> gates = new LinkedHashMap<>();
        for (HighlyAvailable ha : config.highlyAvailable()) {
            LeaseGate gate = replication.gate(ha.name());
            if (gate == null) // it would write without a lease: refused
                throw new IllegalStateException("no lease gate for highly available " + ha.describe());
            context.gateOutput(ha.name(), gate);
            gates.put(ha.name(), gate);
        }
        for (String queue : config.queues().keySet()) {
            var acks = replication.acks(queue);
            if (acks != null)
                context.replicaAcks(queue, acks);
        }
        ReplicationReport copies = new ReplicationReport(config.thisHost(), replication.links(), context::queue);
        context.status(state -> ReplicationStatusFile.writeAll(config, copies, state));
        context.metrics(new ReplicationMetrics(copies));
        if (config.cluster() != null) {
            HighAvailabilityReport ha = new HighAvailabilityReport(replication.clusterRole(), gates);
            context.status(state -> HighAvailabilityStatusFile.write(config, ha.member(), ha.services(), state));
            context.metrics(new HighAvailabilityMetrics(ha));
        }
    }
}
