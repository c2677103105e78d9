package io.celerity.internal.cluster;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ClusterConfig;
import io.celerity.config.ConfigException;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;

import java.util.HashSet;
import java.util.Set;

/**
 * The cluster's check of a deployment: a cluster that can decide (an odd number of declared hosts, ports to spare),
 * and each highly available service's standby able to take over (a cluster, copies of its inputs and output on the
 * standby, nothing that changes host with it but its output). Throws on the first mistake.
 */
final class HighAvailabilityRules {

    private final CelerityConfig config;

    HighAvailabilityRules(CelerityConfig config) {
        this.config = config;
    }

    void check() {
        if (config.cluster() != null)
            checkCluster(config.cluster());
        config.services().values().stream().filter(ServiceConfig::highlyAvailable).forEach(this::checkStandby);
    }

    private void checkCluster(ClusterConfig c) {
        String entry = "top level"; // the cluster section's keys are recorded as cluster.members, cluster.port
        if (config.hosts().isEmpty())
            throw error(entry, "cluster.members", "no hosts are declared; expected a hosts section naming each member's "
                    + "address and port");
        if (c.members().size() < 3 || c.members().size() % 2 == 0)
            throw error(entry, "cluster.members", c.members().size() + " members " + c.members() + "; expected an odd number, "
                    + "at least 3: a majority of an even number survives no more failures than one member fewer, "
                    + "and a majority of two needs both");
        Set<String> seen = new HashSet<>();
        for (String member : c.members()) {
            requireHost(entry, "cluster.members", member);
            if (!seen.add(member))
                throw error(entry, "cluster.members", "host '" + member + "' is named twice; expected each host once");
        }
        int ports = 5 * c.members().size();
        if (c.port() < 1 || c.port() + ports - 1 > 65535)
            throw error(entry, "cluster.port", c.port() + " leaves no room below 65536 for the members' " + ports
                    + " ports; expected a first port from 1 to " + (65536 - ports));
    }

    // The standby runs the service from copies of its inputs and output, and writes the output once it takes over.
    private void checkStandby(ServiceConfig s) {
        String entry = "service '" + s.name() + "'";
        String standby = s.standby();
        if (config.cluster() == null)
            throw error(entry, "standby", "no cluster is declared; expected a cluster section naming three (or five) "
                    + "hosts, whose Raft majority decides which of the primary and its standby writes");
        requireHost(entry, "standby", standby);
        String primary = source(s.output());
        if (standby.equals(primary))
            throw error(entry, "standby", "host '" + standby + "' is the primary (its output '" + s.output()
                    + "' is written there); expected another host");
        if (!config.queues().get(s.output()).replication().replicas().contains(standby))
            throw error(entry, "standby", "its output '" + s.output() + "' is not copied to host '" + standby
                    + "'; expected '" + standby + "' among the queue's replicas, so the standby holds every output "
                    + "and takes over after the last one");
        for (String input : s.readQueues())
            if (!config.queues().get(input).replication().availableOn(standby))
                throw error(entry, "standby", "its input '" + input + "' is not on host '" + standby + "' (written on '"
                        + source(input) + "'); expected '" + standby + "' among the queue's replicas");
        if (s.startFrom() != StartFrom.LAST_WRITTEN)
            throw error(entry, "startFrom", s.startFrom() + " would make a standby that takes over skip (END) or "
                    + "repeat (START) what its primary left; expected LAST_WRITTEN, so it resumes after the last "
                    + "output");
        if (s.errors() != null)
            throw error(entry, "errors", "a highly available service cannot report to an errors queue yet (only "
                    + "its output changes host on a takeover); expected no errors queue: failures are still counted, "
                    + "logged and shown by celerity status");
        if (s.snapshot() != null)
            throw error(entry, "snapshot", "a highly available service takes no snapshots yet (its standby keeps its "
                    + "state warm from the output instead); expected no snapshot section");
        for (ServiceConfig other : config.services().values())
            if (other != s && other.output().equals(s.output()))
                throw error(entry, "output", "queue '" + s.output() + "' is also service '" + other.name()
                        + "''s output; a highly available service's output must be its own");
        // The primary's own copy may end with outputs its successor never had: only the other hosts' copies are kept
        // behind what a standby holds.
        for (ServiceConfig reader : config.services().values()) {
            String runsOn = source(reader.output());
            if (reader != s && reader.readQueues().contains(s.output()) && (runsOn.equals(primary)
                    || runsOn.equals(standby)))
                throw error("service '" + reader.name() + "'", "inputs", "it reads '" + s.output() + "', the output "
                        + "of highly available service '" + s.name() + "', on host '" + runsOn + "', one of the hosts "
                        + "that service takes turns on, where it could read an output the other host never had; "
                        + "expected it to run on another host");
        }
        config.agents().values().stream().filter(a -> a.output().equals(s.output())).findFirst().ifPresent(a -> {
            throw error(entry, "output", "queue '" + s.output() + "' is also agent '" + a.name() + "''s output; a "
                    + "highly available service's output must be its own");
        });
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
