package io.celerity.config;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The named parts of a configuration, each section in the order declared: as a {@link CelerityConfig.Builder} collects
 * them (each name once per section), then frozen for the configuration built.
 */
final class ConfigParts {

    private final String source;
    final Map<String, QueueConfig> queues;
    final Map<String, ServiceConfig> services;
    final Map<String, EventLoopConfig> eventLoops;
    final Map<String, AgentConfig> agents;
    final Map<String, HostConfig> hosts;

    /** Empty parts for a builder; {@code source} names the configuration in errors. */
    ConfigParts(String source) {
        this(source, new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(), new LinkedHashMap<>(),
                new LinkedHashMap<>());
    }

    private ConfigParts(String source, Map<String, QueueConfig> queues, Map<String, ServiceConfig> services,
                        Map<String, EventLoopConfig> eventLoops, Map<String, AgentConfig> agents,
                        Map<String, HostConfig> hosts) {
        this.source = source;
        this.queues = queues;
        this.services = services;
        this.eventLoops = eventLoops;
        this.agents = agents;
        this.hosts = hosts;
    }

    /** Unmodifiable copies, so a builder used again does not change a configuration it built. */
    ConfigParts frozen() {
        return new ConfigParts(source, frozen(queues), frozen(services), frozen(eventLoops), frozen(agents),
                frozen(hosts));
    }

    private static <V> Map<String, V> frozen(Map<String, V> section) {
        return Collections.unmodifiableMap(new LinkedHashMap<>(section));
    }

    /** Adds {@code value} to {@code section} under {@code name}, which must be new there. */
    <V> void putOnce(Map<String, V> map, String section, String name, V value) {
        if (map.putIfAbsent(name, value) != null)
            throw new ConfigException(source, section, name, "duplicate name '" + name + "'; expected each name once");
    }

    /** Declares the default event loop when a service or agent runs on it without its being declared. */
    void addDefaultLoopIfUsed() {
        boolean defaultLoopUsed = services.values().stream()
                .anyMatch(s -> EventLoopConfig.DEFAULT_NAME.equals(s.eventLoop()))
                || agents.values().stream().anyMatch(a -> EventLoopConfig.DEFAULT_NAME.equals(a.eventLoop()));
        if (defaultLoopUsed)
            eventLoops.putIfAbsent(EventLoopConfig.DEFAULT_NAME, EventLoopConfig.of(EventLoopConfig.DEFAULT_NAME));
    }

    /**
     * Whether {@code host} (null: none named) writes queue {@code name}: an output, errors or snapshot queue of one of
     * these services, an agent's output, or a copy of another host's queue it receives.
     */
    boolean writtenOn(String host, String name) {
        for (ServiceConfig s : services.values())
            if (s.output().equals(name) || name.equals(s.errors())
                    || (s.snapshot() != null && s.snapshot().queue().equals(name)))
                return true;
        for (AgentConfig a : agents.values())
            if (a.output().equals(name))
                return true;
        QueueConfig queue = queues.get(name);
        return host != null && queue != null && queue.replication() != null
                && queue.replication().replicas().contains(host);
    }
}
