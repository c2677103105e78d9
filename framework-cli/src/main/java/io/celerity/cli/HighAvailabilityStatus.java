package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.replication.HighAvailabilityStatusFile;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The part of {@code celerity status --host} about high availability, from the status file the host writes in the
 * cluster's directory: its cluster member's role, term and leader, and per highly available service it runs, whether
 * it is the primary, the standby or deposed, with the lease's fencing token and why it does not hold it.
 */
final class HighAvailabilityStatus {

    private static final String ROW = "%-20s %-10s %8s  %s%n";

    private HighAvailabilityStatus() {
    }

    @SuppressWarnings("unchecked")
    static void print(CelerityConfig config, String host) throws IOException {
        Optional<Map<String, Object>> status = HighAvailabilityStatusFile.read(
                HighAvailabilityStatusFile.of(config, host));
        System.out.println();
        if (status.isEmpty()) {
            System.out.printf("high availability: host %s has not run yet%n", host);
            return;
        }
        Map<String, Object> s = status.get();
        String notRunning = StatusCommand.notRunning(s);
        if (s.get("member") instanceof Map<?, ?> m)
            System.out.printf("cluster member %s: %s in term %s (leader %s), %s role change(s)%s%n", host,
                    m.get("role"), m.get("term"), m.get("leader"), m.get("roleChanges"),
                    notRunning == null ? "" : " when last seen: " + notRunning);
        else if (config.cluster().members().contains(host))
            System.out.printf("cluster member %s: not started%n", host);
        Map<String, Object> services = s.get("services") instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
        System.out.printf(ROW, "available service", "role", "token", "why");
        for (ServiceConfig service : config.services().values()) {
            if (!service.highlyAvailable())
                continue;
            Object row = services.get(service.name());
            if (!(row instanceof Map<?, ?> r))
                continue; // neither its primary nor its standby runs here
            System.out.printf(ROW, service.name(), notRunning == null ? r.get("role") : "-", r.get("token"),
                    notRunning == null ? r.get("why") == null ? "" : r.get("why") : notRunning);
        }
    }
}
