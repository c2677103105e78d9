package io.celerity.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A validated deployment: queues, services and the event loops that run them. Load one from {@code services.yaml}
 * with {@link #load(Path)} or assemble one with {@link #builder()}; either way it is validated before anything starts.
 */
public final class CelerityConfig {

    /** The usable space kept free on each queue's file system unless configured: 256 MB. */
    public static final long DEFAULT_MIN_FREE_SPACE = 256L << 20;
    /** How long a service may keep failing to write before the host stops, unless configured: 10 s. */
    public static final Duration DEFAULT_WRITE_FAILURE_TIMEOUT = Duration.ofSeconds(10);

    private final String source;
    private final int hostId;
    private final ConfigParts parts; // queues, services, event loops, agents and hosts, frozen
    private final String thisHost;
    private final ClusterConfig cluster;
    private final KeysConfig keys;
    private final int metricsPort;
    private final long minFreeSpace;
    private final Duration writeFailureTimeout;
    private final Map<String, Integer> lines; // the line of each entry and key in the file, by lineKey(entry, key)
    private final Map<String, ConfigEntry> sections; // the top-level mappings modules read (ConfigCheck.sections)
    private volatile List<HighlyAvailable> highlyAvailable; // found once, on first use

    private CelerityConfig(Builder b) {
        this.source = b.source;
        this.hostId = b.hostId;
        this.metricsPort = b.metricsPort;
        this.minFreeSpace = b.minFreeSpace;
        this.writeFailureTimeout = b.writeFailureTimeout;
        this.parts = b.parts.frozen();
        this.thisHost = b.thisHost;
        this.cluster = b.cluster;
        this.keys = b.keys;
        this.lines = b.lines;
        this.sections = Map.copyOf(b.sections);
    }

    /**
     * The line of {@code key} of {@code entry} in the file this configuration came from, of the nearest key that
     * holds it (e.g. {@code snapshot} for a missing {@code snapshot.queue}), or of the entry; 0 when not from a file.
     */
    public int line(String entry, String key) {
        return ConfigLines.of(lines, entry, key);
    }

    /**
     * Reads and validates a {@code services.yaml}; relative queue paths resolve against the file's directory.
     *
     * @throws ConfigException naming the file, entry and key of the first mistake
     */
    public static CelerityConfig load(Path file) {
        return YamlConfigReader.read(file);
    }

    /**
     * Reads and validates a {@code services.yaml} as {@link #load(Path)} does, except for the checks that need the
     * component classes: for tools that only read the deployment's queues (status, dump, tail, send).
     */
    public static CelerityConfig loadWithoutComponents(Path file) {
        return YamlConfigReader.read(file, false);
    }

    /**
     * Reads and validates YAML text, e.g. a classpath resource; relative queue paths resolve against {@code baseDir}.
     *
     * @param source how errors name the text, e.g. its resource name
     */
    public static CelerityConfig parse(String source, String yaml, Path baseDir) {
        return YamlConfigReader.read(source, yaml, baseDir);
    }

    /** An empty builder; relative queue paths resolve against the working directory. */
    public static Builder builder() {
        return new Builder("builder");
    }

    /** Where this configuration came from: a file name, or "builder". */
    public String source() {
        return source;
    }

    /** This host's id, 0-99. */
    public int hostId() {
        return hostId;
    }

    /**
     * The port of the Prometheus endpoint ({@code http://host:port/metrics}); 0 for any free port, -1 when it is off.
     */
    public int metricsPort() {
        return metricsPort;
    }

    /**
     * Bytes that must stay usable on the file system of every queue: the host refuses to start below it, and stops
     * cleanly when a file system falls below it, before a write into a memory-mapped queue can fault; 0 for no check.
     */
    public long minFreeSpace() {
        return minFreeSpace;
    }

    /**
     * How long a service may keep failing outside any message (e.g. its queue's directory became unwritable, so no new
     * cycle file can be made) before the host stops cleanly, saying why; until then it retries.
     */
    public Duration writeFailureTimeout() {
        return writeFailureTimeout;
    }

    /** Queues by name, in declaration order. */
    public Map<String, QueueConfig> queues() {
        return parts.queues;
    }

    /** Services by name, in declaration order. */
    public Map<String, ServiceConfig> services() {
        return parts.services;
    }

    /** The user's agents run on event loops beside services, by name, in declaration order. */
    public Map<String, AgentConfig> agents() {
        return parts.agents;
    }

    /** Event loops by name, in declaration order, including the implicit default loop when a service uses it. */
    public Map<String, EventLoopConfig> eventLoops() {
        return parts.eventLoops;
    }

    /** The hosts of a deployment spread over several machines, by name; empty when it runs on one. */
    public Map<String, HostConfig> hosts() {
        return parts.hosts;
    }

    /** The cluster deciding the primary of each highly available service, or {@code null} when there is none. */
    public ClusterConfig cluster() {
        return cluster;
    }

    /** Where the keys of the encrypted queues come from, or {@code null} when no queue is encrypted. */
    public KeysConfig keys() {
        return keys;
    }

    /** The host this configuration is the part of (see {@link #onHost}), or {@code null} for a whole deployment. */
    public String thisHost() {
        return thisHost;
    }

    /**
     * Whether the host running this configuration writes queue {@code name}: an output, errors or snapshot queue of one
     * of its services, an agent's output, or a copy of another host's queue it receives.
     */
    public boolean writtenHere(String name) {
        return parts.writtenOn(thisHost, name);
    }

    /**
     * This deployment cut down to the named services and agents and the queues and event loops they use, validated
     * again; for running each service of one file in a process of its own.
     *
     * @throws ConfigException naming a service or agent the file does not declare
     */
    public CelerityConfig withOnlyServices(Collection<String> names) {
        return ConfigSubset.of(this, names, null);
    }

    /**
     * The part of this deployment that runs on {@code host}: the services and agents whose output is written there,
     * and every queue written on or copied to it.
     *
     * @throws ConfigException naming a host the file does not declare
     */
    public CelerityConfig onHost(String host) {
        return ConfigSubset.onHost(this, host);
    }

    /**
     * The top-level mapping {@code key} of the file, read by the module that claims it ({@link ConfigCheck#sections()}),
     * e.g. {@code fix}; empty when the file has none.
     */
    public Optional<ConfigEntry> section(String key) {
        return Optional.ofNullable(sections.get(key));
    }

    Map<String, ConfigEntry> sections() {
        return sections;
    }

    /**
     * What this configuration runs that is highly available: its services with a standby, then the modules' writers
     * (a FIX gateway with a standby), each on one of two hosts at a time by a lease of the cluster.
     */
    public List<HighlyAvailable> highlyAvailable() {
        List<HighlyAvailable> all = highlyAvailable;
        if (all == null) {
            List<HighlyAvailable> found = new ArrayList<>();
            for (ServiceConfig s : services().values())
                if (s.highlyAvailable())
                    found.add(new HighlyAvailable(s.name(), "service", List.of(s.output()), s.standby()));
            if (!sections.isEmpty())
                ConfigChecks.all().forEach(check -> found.addAll(check.highlyAvailable(this)));
            highlyAvailable = all = List.copyOf(found);
        }
        return all;
    }

    /** The lines of this configuration's entries and keys, for a configuration derived from it. */
    Map<String, Integer> lines() {
        return lines;
    }

    /** Assembles a configuration in code, for embedding and tests. */
    public static final class Builder {

        private final String source;
        private int hostId;
        private int metricsPort = -1;
        private long minFreeSpace = DEFAULT_MIN_FREE_SPACE;
        private Duration writeFailureTimeout = DEFAULT_WRITE_FAILURE_TIMEOUT;
        private final ConfigParts parts;
        private String thisHost;
        private ClusterConfig cluster;
        private KeysConfig keys;
        private Map<String, Integer> lines = Map.of();
        private final Map<String, ConfigEntry> sections = new LinkedHashMap<>();

        public Builder(String source) {
            this.source = source;
            this.parts = new ConfigParts(source);
        }

        /** Where each entry and key is in the file, so validation errors can say; see {@link CelerityConfig#line}. */
        public Builder lines(Map<String, Integer> lines) {
            this.lines = Map.copyOf(lines);
            return this;
        }

        /** Adds the top-level mapping {@code key} a module reads (see {@link CelerityConfig#section}). */
        Builder section(String key, ConfigEntry section) {
            sections.put(key, section);
            return this;
        }

        Builder sections(Map<String, ConfigEntry> all) {
            sections.putAll(all);
            return this;
        }

        /** Sets the host id (0-99). */
        public Builder hostId(int hostId) {
            this.hostId = hostId;
            return this;
        }

        /** Serves per-service counters and latencies in Prometheus text format on {@code port} (0: any free port). */
        public Builder metricsPort(int port) {
            this.metricsPort = port;
            return this;
        }

        /** Sets the bytes that must stay usable on every queue's file system (0: no check); see {@link #minFreeSpace()}. */
        public Builder minFreeSpace(long bytes) {
            this.minFreeSpace = bytes;
            return this;
        }

        /** Sets how long a service may keep failing to write before the host stops; see {@link #writeFailureTimeout()}. */
        public Builder writeFailureTimeout(Duration timeout) {
            this.writeFailureTimeout = timeout;
            return this;
        }

        /** Adds a queue with default roll cycle and source id. */
        public Builder queue(String name, Path path) {
            return queue(QueueConfig.of(name, path));
        }

        /** Adds a queue. */
        public Builder queue(QueueConfig queue) {
            parts.putOnce(parts.queues, "queues", queue.name(), queue);
            return this;
        }

        /** Adds an event loop. */
        public Builder eventLoop(EventLoopConfig loop) {
            parts.putOnce(parts.eventLoops, "eventLoops", loop.name(), loop);
            return this;
        }

        /** Adds a service. */
        public Builder service(ServiceConfig service) {
            parts.putOnce(parts.services, "services", service.name(), service);
            return this;
        }

        /** Adds a user's agent, run on its event loop beside services. */
        public Builder agent(AgentConfig agent) {
            parts.putOnce(parts.agents, "agents", agent.name(), agent);
            return this;
        }

        /** Adds a host of a deployment spread over several machines. */
        public Builder host(HostConfig host) {
            parts.putOnce(parts.hosts, "hosts", host.name(), host);
            return this;
        }

        /** Sets the cluster that decides the primary of each highly available service. */
        public Builder cluster(ClusterConfig cluster) {
            this.cluster = cluster;
            return this;
        }

        /** Sets where the keys of encrypted queues come from. */
        public Builder keys(KeysConfig keys) {
            this.keys = keys;
            return this;
        }

        /** Makes this the part of the deployment that runs on {@code host} (one of its hosts). */
        Builder thisHost(String host) {
            this.thisHost = host;
            return this;
        }

        /**
         * Validates and builds.
         *
         * @throws ConfigException naming the entry and key of the first mistake
         */
        public CelerityConfig build() {
            return build(true);
        }

        /** As {@link #build()}; {@code checkComponents} false leaves out the checks that load component classes. */
        public CelerityConfig build(boolean checkComponents) {
            parts.addDefaultLoopIfUsed();
            CelerityConfig config = new CelerityConfig(this);
            new ConfigValidator(config, checkComponents).validate();
            return config;
        }
    }
}
