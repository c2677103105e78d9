package io.celerity.internal.replication;

import io.celerity.extension.MetricsSection;

import java.util.function.ToLongFunction;

/**
 * The Prometheus metrics of a host's part in high availability: its cluster member's role, and per highly available
 * service whether this host is its primary and its lease's token. Volatile reads: nothing on a loop thread.
 */
final class HighAvailabilityMetrics implements MetricsSection {

    private final HighAvailabilityReport highAvailability;

    HighAvailabilityMetrics(HighAvailabilityReport highAvailability) {
        this.highAvailability = highAvailability;
    }

    @Override
    public void appendTo(StringBuilder text) {
        ClusterRole member = highAvailability.member();
        if (member != null) {
            gauge(text, "celerity_cluster_role", "gauge", "This host's cluster member: 2 leader, 1 candidate, 0 "
                    + "follower.", switch (member.role()) {
                        case "LEADER" -> 2;
                        case "CANDIDATE" -> 1;
                        default -> 0;
                    });
            gauge(text, "celerity_cluster_term", "gauge", "The latest leadership term the member has seen.",
                    member.term());
            gauge(text, "celerity_cluster_role_changes_total", "counter", "Times the member's role changed.",
                    member.roleChanges());
        }
        long now = System.nanoTime();
        serviceGauge(text, "celerity_service_primary", "1 while this host is the primary of a highly available "
                + "service (holds its lease), else 0.", g -> g.state(now) == LeaseGate.State.OPEN ? 1 : 0);
        serviceGauge(text, "celerity_service_lease_token", "The fencing token of the lease this host holds or last "
                + "held (one more per takeover).", LeaseGate::token);
    }

    private void serviceGauge(StringBuilder text, String name, String help, ToLongFunction<LeaseGate> value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(" gauge\n");
        highAvailability.services().forEach((service, g) -> text.append(name).append("{service=\"").append(service)
                .append("\"} ").append(value.applyAsLong(g)).append('\n'));
    }

    private static void gauge(StringBuilder text, String name, String type, String help, long value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        text.append(name).append(' ').append(value).append('\n');
    }
}
