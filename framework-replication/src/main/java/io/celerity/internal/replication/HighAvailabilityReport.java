package io.celerity.internal.replication;


import java.util.Map;

/**
 * A host's part in high availability, for status and metrics.
 *
 * @param member   its cluster member, or null when it is not one
 * @param services the highly available services it runs (as primary or standby), by name
 */
public record HighAvailabilityReport(ClusterRole member, Map<String, LeaseGate> services) {

    public HighAvailabilityReport {
        services = Map.copyOf(services);
    }
}
