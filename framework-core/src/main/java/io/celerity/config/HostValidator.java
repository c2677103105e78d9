package io.celerity.config;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Checks a deployment spread over several hosts: each queue is written on one declared host and copied to others, and
 * each service runs where its output is written, reading only queues written or copied there; throws on the first
 * mistake.
 */
final class HostValidator {

    private final CelerityConfig config;

    HostValidator(CelerityConfig config) {
        this.config = config;
    }

    void validate() {
        Map<String, String> byEndpoint = new HashMap<>();
        for (HostConfig h : config.hosts().values()) {
            String entry = "host '" + h.name() + "'";
            if (h.port() < 1 || h.port() > 65535)
                throw error(entry, "port", "port " + h.port() + " is out of range; expected the UDP port (1-65535) its "
                        + "replication listens on");
            String other = byEndpoint.putIfAbsent(h.endpoint(), h.name());
            if (other != null)
                throw error(entry, "port", h.endpoint() + " is also host '" + other + "''s; expected an address and "
                        + "port of its own");
        }
        config.queues().values().forEach(this::validatePlacement);
        if (!config.hosts().isEmpty())
            config.services().values().forEach(this::validateService);
    }

    private void validatePlacement(QueueConfig q) {
        String entry = "queue '" + q.name() + "'";
        Replication r = q.replication();
        if (config.hosts().isEmpty()) {
            if (r != null)
                throw error(entry, "host", "no hosts are declared; expected a hosts section naming each host with its "
                        + "address and port, or no host, replicas or acks on queues of a deployment on one machine");
            return;
        }
        if (r == null)
            throw error(entry, "host", "missing; this deployment spans hosts " + config.hosts().keySet()
                    + ": expected the host that writes the queue");
        requireHost(entry, "host", r.source());
        Set<String> seen = new HashSet<>();
        for (String replica : r.replicas()) {
            requireHost(entry, "replicas", replica);
            if (replica.equals(r.source()))
                throw error(entry, "replicas", "host '" + replica + "' writes the queue; expected only the hosts it is "
                        + "copied to");
            if (!seen.add(replica))
                throw error(entry, "replicas", "host '" + replica + "' is named twice; expected each host once");
        }
        if (r.acks() < 0 || r.acks() > r.replicas().size())
            throw error(entry, "acks", r.acks() + " is out of range; expected 0 (do not wait) up to the number of "
                    + "replicas (" + r.replicas().size() + ")");
    }

    // A service runs where its output is written: a replica is read-only, so everything it writes must be there.
    private void validateService(ServiceConfig s) {
        String entry = "service '" + s.name() + "'";
        String host = source(s.output());
        if (s.errors() != null && !source(s.errors()).equals(host))
            throw error(entry, "errors", writtenElsewhere(s.errors(), host, s.output()));
        if (s.snapshot() != null && !source(s.snapshot().queue()).equals(host))
            throw error(entry, "snapshot.queue", writtenElsewhere(s.snapshot().queue(), host, s.output()));
        for (String input : s.readQueues())
            if (!config.queues().get(input).replication().availableOn(host))
                throw error(entry, input.equals(s.control()) ? "control" : "inputs", "queue '" + input + "' is "
                        + "written on host '" + source(input) + "' and not copied to host '" + host + "', where this "
                        + "service runs (its output '" + s.output() + "' is written there); expected '" + host
                        + "' among the queue's replicas");
    }

    private String writtenElsewhere(String queue, String host, String output) {
        return "queue '" + queue + "' is written on host '" + source(queue) + "', but this service runs on host '"
                + host + "' (where its output '" + output + "' is written) and a copy of a queue is read-only; "
                + "expected a queue written on '" + host + "'";
    }

    private String source(String queue) {
        return config.queues().get(queue).replication().source();
    }

    private void requireHost(String entry, String key, String host) {
        if (!config.hosts().containsKey(host))
            throw error(entry, key, "unknown host '" + host + "'; expected one of " + config.hosts().keySet());
    }

    private ConfigException error(String entry, String key, String problem) {
        return new ConfigException(config.source(), config.line(entry, key), entry, key, problem);
    }
}
