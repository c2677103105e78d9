package io.celerity.internal.replication;

import io.celerity.internal.encryption.StoredQueue;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.Replication;
import io.celerity.config.HighlyAvailable;
import io.celerity.config.SyncPolicy;
import io.celerity.extension.ReplicaAcks;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Copies a host's queues over Aeron UDP, through a media driver embedded in the host's process and run on its
 * replication loop (no thread of its own): a {@link QueueSource} for each queue written on the host that has replicas,
 * a {@link QueueSink} for each queue copied to it, and a {@link HaReplicator} for the output of each highly available
 * service the host is primary or standby of. Every host receives on its one configured endpoint; each queue has two
 * streams there, its source id (data) and its negation (control): unique among the queues, and the same on every
 * host. A sink's id is its host's position under {@code hosts}, plus one.
 */
public final class AeronReplicationFactory {

    private final Function<CelerityConfig, HaLeases> leases;

    /** Finds the leases of highly available services through {@link HaLeases#find()}, when there are any. */
    public AeronReplicationFactory() {
        this(config -> HaLeases.find().orElseThrow(() -> new IllegalStateException("host '" + config.thisHost()
                + "' takes part in the cluster (a member, or primary or standby of " + config.highlyAvailable()
                .stream().map(HighlyAvailable::describe).toList() + "), but no "
                + "lease provider is on the class path: add " + HaLeases.ARTIFACT))
                .start(config));
    }

    /** @param leases starts the leases of a host's highly available services (tests: an in-memory cluster) */
    AeronReplicationFactory(Function<CelerityConfig, HaLeases> leases) {
        this.leases = leases;
    }

    /**
     * Starts copying the queues of {@code config.thisHost()}: those written there to their replicas, and those copied
     * there from their sources.
     *
     * @param queues   the host's open queues, by name
     * @param stopHost told, once, why the host must stop (e.g. another host took over a service it was primary of)
     */
    public QueueReplication start(CelerityConfig config, Function<String, ChronicleQueue> queues,
                                  Consumer<String> stopHost) {
        String host = config.thisHost();
        List<String> hostNames = List.copyOf(config.hosts().keySet());
        Map<String, HighlyAvailable> haByOutput = highlyAvailableByOutput(config);
        AeronConnection connection = AeronConnection.fromSystemProperties(DriverDirectories.forThisProcess(host),
                reason -> stopHost.accept("host '" + host + "': " + reason));
        HaLeases haLeases = null;
        try {
            // A member of the cluster runs it whether or not it runs an available service itself.
            boolean inCluster = config.cluster() != null && config.cluster().members().contains(host);
            haLeases = haByOutput.isEmpty() && !inCluster ? null : leases.apply(config);
            List<Agent> agents = new ArrayList<>();
            if (connection.dutyCycle() != null)
                agents.add(connection.dutyCycle()); // first: the replicators' onStart talks to the driver
            List<ReplicaLink> links = new ArrayList<>();
            Map<String, ReplicaAcks> acks = new HashMap<>();
            Map<String, List<HaReplicator>> primacies = new LinkedHashMap<>();
            for (QueueConfig q : config.queues().values()) {
                Replication r = q.replication();
                if (r == null || r.replicas().isEmpty() || !r.availableOn(host))
                    continue;
                SingleChronicleQueue queue = StoredQueue.of(queues.apply(q.name()));
                Endpoint[] data = endpoints(config, hostNames, q.sourceId());
                Endpoint[] controls = endpoints(config, hostNames, -q.sourceId());
                int self = hostNames.indexOf(host);
                int source = hostNames.indexOf(r.source());
                AckPolicy ack = new AckPolicy(AckPolicy.DEFAULT.every(), AckPolicy.DEFAULT.interval(),
                        q.sync() == SyncPolicy.SYNC);
                HighlyAvailable ha = haByOutput.get(q.name());
                if (ha != null) {
                    HaReplicator replicator = new HaReplicator(ha.describe(), q.name(), queue, connection.aeron(),
                            haLeases.lease(ha.name()), haHosts(hostNames, self, source, data, controls, r, ha), ack,
                            stopHost);
                    agents.add(replicator);
                    acks.put(q.name(), replicator);
                    primacies.computeIfAbsent(ha.name(), k -> new ArrayList<>()).add(replicator);
                } else if (r.source().equals(host)) {
                    QueueSource s = new QueueSource(q.name(), queue, connection.aeron(), controls[self],
                            sinkEndpoints(hostNames, r, data));
                    acks.put(q.name(), s);
                    agents.add(s);
                    for (String replica : r.replicas())
                        links.add(new ReplicaLinks.AtSource(q.name(), host, replica, s, sinkId(hostNames, replica)));
                } else {
                    // Ready to follow another source: a highly available queue's replica learns of it from its hellos.
                    QueueSink sink = new QueueSink(q.name(), queue, connection.aeron(), sinkId(hostNames, host),
                            data[self], controls, source, ack).between(r.source(), host);
                    agents.add(sink);
                    links.add(new ReplicaLinks.AtSink(q.name(), hostNames, host, sink));
                }
            }
            return new Running(agents, links, acks, primacies, connection, haLeases);
        } catch (RuntimeException | Error e) {
            CloseHelper.quietCloseAll(haLeases, connection);
            throw e;
        }
    }

    // The highly available writers by the queues they write: each is copied by an HaReplicator under their lease.
    private static Map<String, HighlyAvailable> highlyAvailableByOutput(CelerityConfig config) {
        Map<String, HighlyAvailable> haByOutput = new HashMap<>();
        for (HighlyAvailable ha : config.highlyAvailable())
            ha.outputs().forEach(output -> haByOutput.put(output, ha));
        return haByOutput;
    }

    // The hosts holding a highly available queue (its source, then its replicas), and the two that may be primary.
    private static HaReplicator.Hosts haHosts(List<String> hostNames, int self, int source, Endpoint[] data,
                                              Endpoint[] controls, Replication r, HighlyAvailable ha) {
        List<Integer> copies = new ArrayList<>(List.of(source));
        r.replicas().forEach(replica -> copies.add(hostNames.indexOf(replica)));
        return new HaReplicator.Hosts(hostNames, self, source, data, controls, copies,
                List.of(source, hostNames.indexOf(ha.standby())));
    }

    // Where a source sends its queue: each replica's data endpoint, under that replica's sink id.
    private static List<SinkEndpoint> sinkEndpoints(List<String> hostNames, Replication r, Endpoint[] data) {
        List<SinkEndpoint> sinks = new ArrayList<>();
        for (String replica : r.replicas())
            sinks.add(new SinkEndpoint(sinkId(hostNames, replica), data[hostNames.indexOf(replica)], replica));
        return sinks;
    }

    private static Endpoint[] endpoints(CelerityConfig config, List<String> hostNames, int stream) {
        return hostNames.stream().map(h -> Endpoint.udp(config.hosts().get(h).endpoint(), stream))
                .toArray(Endpoint[]::new);
    }

    private static int sinkId(List<String> hostNames, String host) {
        return HaReplicator.Hosts.sinkId(hostNames.indexOf(host));
    }

    private record Running(List<Agent> agents, List<ReplicaLink> fixedLinks, Map<String, ReplicaAcks> acks,
                           Map<String, List<HaReplicator>> primacies, AeronConnection connection, HaLeases leases)
            implements QueueReplication {

        @Override
        public ReplicaAcks acks(String queue) {
            return acks.get(queue);
        }

        @Override
        public LeaseGate gate(String writer) {
            List<HaReplicator> copies = primacies.get(writer);
            if (copies == null)
                return null;
            return copies.size() == 1 ? copies.get(0) : new LeaseGates(copies);
        }

        /** A live view: a highly available queue's links change with this host's role. */
        @Override
        public ClusterRole clusterRole() {
            return leases == null ? null : leases.clusterRole();
        }

        @Override
        public List<ReplicaLink> links() {
            return new AbstractList<>() {
                @Override
                public ReplicaLink get(int index) {
                    return now().get(index);
                }

                @Override
                public int size() {
                    return now().size();
                }

                @Override
                public Object[] toArray() {
                    return now().toArray();
                }

                @Override
                public java.util.Iterator<ReplicaLink> iterator() {
                    return now().iterator();
                }
            };
        }

        private List<ReplicaLink> now() {
            List<ReplicaLink> links = new ArrayList<>(fixedLinks);
            primacies.values().forEach(copies -> copies.forEach(r -> links.addAll(r.links())));
            return links;
        }

        @Override
        public void close() {
            CloseHelper.closeAll(connection, leases);
        }
    }
}
