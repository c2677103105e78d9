package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.Replication;
import io.celerity.config.SyncPolicy;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.concurrent.Agent;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Copies a host's queues over Aeron UDP, through a media driver embedded in the host's process and run on its
 * replication loop (no thread of its own): a {@link QueueSource}
 * for each queue written on the host that has replicas, a {@link QueueSink} for each queue copied to it. Every host
 * receives on its one configured endpoint; each queue has two streams there, its source id (data) and its negation
 * (control): unique among the queues, and the same on every host.
 */
public final class AeronReplicationFactory implements ReplicationFactory {

    @Override
    public QueueReplication start(CelerityConfig config, Function<String, ChronicleQueue> queues,
                                  Consumer<String> stopHost) {
        String host = config.thisHost();
        AeronConnection connection = AeronConnection.fromSystemProperties(DriverDirectories.forThisProcess(host),
                reason -> stopHost.accept("host '" + host + "': " + reason));
        try {
            List<Agent> agents = new ArrayList<>();
            if (connection.dutyCycle() != null)
                agents.add(connection.dutyCycle()); // first: the replicators' onStart talks to the driver
            List<ReplicaLink> links = new ArrayList<>();
            Map<String, QueueSource> sources = new HashMap<>();
            for (QueueConfig q : config.queues().values()) {
                Replication r = q.replication();
                // Every host knows each queue's source id alike, whatever part of the file it runs.
                int dataStream = q.sourceId();
                int controlStream = -q.sourceId();
                if (r == null || r.replicas().isEmpty() || !r.availableOn(host))
                    continue;
                SingleChronicleQueue queue = (SingleChronicleQueue) queues.apply(q.name());
                Endpoint control = Endpoint.udp(config.hosts().get(r.source()).endpoint(), controlStream);
                if (r.source().equals(host)) {
                    List<SinkEndpoint> sinks = new ArrayList<>();
                    for (String replica : r.replicas())
                        sinks.add(new SinkEndpoint(sinkId(r, replica),
                                Endpoint.udp(config.hosts().get(replica).endpoint(), dataStream), replica));
                    QueueSource source = new QueueSource(q.name(), queue, connection.aeron(), control, sinks);
                    sources.put(q.name(), source);
                    agents.add(source);
                    for (String replica : r.replicas())
                        links.add(new ReplicaLinks.AtSource(q.name(), host, replica, source, sinkId(r, replica)));
                } else {
                    QueueSink sink = new QueueSink(q.name(), queue, connection.aeron(), sinkId(r, host),
                            Endpoint.udp(config.hosts().get(host).endpoint(), dataStream), control,
                            new AckPolicy(AckPolicy.DEFAULT.every(), AckPolicy.DEFAULT.interval(),
                                    q.sync() == SyncPolicy.SYNC)).between(r.source(), host);
                    agents.add(sink);
                    links.add(new ReplicaLinks.AtSink(q.name(), r.source(), host, sink));
                }
            }
            return new Running(agents, links, sources, connection);
        } catch (RuntimeException | Error e) {
            connection.close();
            throw e;
        }
    }

    private static int sinkId(Replication r, String replica) {
        return r.replicas().indexOf(replica) + 1;
    }

    private record Running(List<Agent> agents, List<ReplicaLink> links, Map<String, QueueSource> sources,
                           AeronConnection connection)
            implements QueueReplication {

        @Override
        public ReplicaAcks acks(String queue) {
            return sources.get(queue);
        }

        @Override
        public void close() {
            connection.close();
        }
    }
}
