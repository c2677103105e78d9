package io.celerity.internal.replication;

import io.celerity.extension.ReplicaAcks;
import org.agrona.concurrent.Agent;

import java.util.List;

/** The copying of one host's queues to and from other hosts, as started by {@link AeronReplicationFactory}. */
public interface QueueReplication extends AutoCloseable {

    /** What copies: the host runs them on its replication loop, each {@code onStart} on that loop's thread. */
    List<Agent> agents();

    /** The acknowledgements of the replicas of {@code queue}, written on this host; {@code null} if it has none. */
    ReplicaAcks acks(String queue);

    /**
     * The output gate of highly available service {@code service} on this host (its primary or standby runs here);
     * {@code null} for a service that is not highly available.
     */
    default LeaseGate gate(String service) {
        return null;
    }

    /** This host's member of the cluster, or {@code null} when it is not one. */
    default ClusterRole clusterRole() {
        return null;
    }

    /** The copies of this host's queues (as source, one per sink) and of the queues copied here, for status and metrics. */
    List<ReplicaLink> links();

    /** Stops copying and lets go of the transport; the agents have been closed by their loop by then. */
    @Override
    void close();
}
