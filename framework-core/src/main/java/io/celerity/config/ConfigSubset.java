package io.celerity.config;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Parts of a deployment: some of its services and agents, or what runs on one of its hosts; validated again. */
final class ConfigSubset {

    private ConfigSubset() {
    }

    /** The named services and agents, the queues they use (all of them when {@code host} is given), their loops. */
    static CelerityConfig of(CelerityConfig all, Collection<String> names, String host) {
        CelerityConfig.Builder b = new CelerityConfig.Builder(all.source()).hostId(all.hostId())
                .metricsPort(all.metricsPort()).minFreeSpace(all.minFreeSpace())
                .writeFailureTimeout(all.writeFailureTimeout()).lines(all.lines()).sections(all.sections()).thisHost(host)
                .cluster(all.cluster()).keys(all.keys());
        all.hosts().values().forEach(b::host);
        Set<String> used = new HashSet<>();
        Set<String> loops = new HashSet<>();
        for (String name : names) {
            ServiceConfig s = all.services().get(name);
            AgentConfig agent = all.agents().get(name);
            if (agent != null) {
                b.agent(agent);
                used.add(agent.output());
                loops.add(agent.eventLoop());
                continue;
            }
            if (s == null)
                throw new ConfigException(all.source(), "service '" + name + "'", null,
                        "not declared; expected one of " + all.services().keySet()
                        + (all.agents().isEmpty() ? "" : " or an agent of " + all.agents().keySet()));
            b.service(s);
            used.addAll(s.readQueues());
            used.add(s.output());
            if (s.snapshot() != null)
                used.add(s.snapshot().queue());
            if (s.errors() != null)
                used.add(s.errors());
            loops.add(s.eventLoop());
        }
        if (all.keys() != null && all.keys().subjects() != null)
            used.add(all.keys().subjects()); // every host's services may need the data subjects' keys
        all.queues().values().stream()
                .filter(q -> host == null ? used.contains(q.name()) : q.replication().availableOn(host))
                .forEach(b::queue);
        all.eventLoops().values().stream().filter(l -> loops.contains(l.name())).forEach(b::eventLoop);
        return b.build();
    }

    /**
     * What runs on {@code host}: the services and agents whose output is written there, the highly available services
     * it is the standby of, every queue it holds.
     */
    static CelerityConfig onHost(CelerityConfig all, String host) {
        if (!all.hosts().containsKey(host))
            throw new ConfigException(all.source(), "host '" + host + "'", null, all.hosts().isEmpty()
                    ? "not declared; this file declares no hosts, so it runs on one machine: start it without a host"
                    : "not declared; expected one of " + all.hosts().keySet());
        List<String> names = new ArrayList<>();
        all.services().values().stream().filter(s -> writtenOn(all, s.output(), host) || host.equals(s.standby()))
                .forEach(s -> names.add(s.name()));
        all.agents().values().stream().filter(a -> writtenOn(all, a.output(), host)).forEach(a -> names.add(a.name()));
        return of(all, names, host);
    }

    private static boolean writtenOn(CelerityConfig all, String queue, String host) {
        return all.queues().get(queue).replication().source().equals(host);
    }
}
