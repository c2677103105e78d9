package io.celerity.internal.replication;

import io.celerity.extension.MetricsSection;

import java.util.function.ToLongFunction;

/**
 * The Prometheus metrics of the copies of a host's queues: per link, the index acknowledged, the lag, the resumes and
 * whether it failed. Read from the replicators' volatile fields and the queues' ends: nothing on a loop thread.
 */
final class ReplicationMetrics implements MetricsSection {

    private final ReplicationReport replication;

    ReplicationMetrics(ReplicationReport replication) {
        this.replication = replication;
    }

    @Override
    public void appendTo(StringBuilder text) {
        gauge(text, "celerity_replica_acked_index", "gauge", "At the source, the index a sink last acknowledged "
                + "holding all up to; at a sink, the replica's last index; -1: none.", ReplicaLink::ackedIndex);
        gauge(text, "celerity_replica_lag", "gauge", "At the source, the documents a sink has not acknowledged "
                + "yet; -1 at a sink, where the source's end is not known.", replication::lag);
        gauge(text, "celerity_replica_resumes_total", "counter", "Times the source moved to the sink's place "
                + "(a restart, a lost connection, a gap).", ReplicaLink::resumes);
        gauge(text, "celerity_replica_failed", "gauge", "1 when copying stopped (a replica that diverged, another "
                + "roll cycle), else 0.", l -> l.failure() == null ? 0 : 1);
    }

    private void gauge(StringBuilder text, String name, String type, String help, ToLongFunction<ReplicaLink> value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        for (ReplicaLink l : replication.links())
            text.append(name).append("{queue=\"").append(l.queue()).append("\",source=\"").append(l.source())
                    .append("\",sink=\"").append(l.sink()).append("\",side=\"").append(l.atSource() ? "source" : "sink")
                    .append("\"} ").append(value.applyAsLong(l)).append('\n');
    }
}
