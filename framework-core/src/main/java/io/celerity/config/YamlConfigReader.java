package io.celerity.config;

import io.celerity.internal.yaml.YamlException;
import io.celerity.internal.yaml.YamlTree;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Reads {@code services.yaml} into a {@link CelerityConfig}, checking every key against the ones it knows. */
final class YamlConfigReader {

    /** A services.yaml is a few kilobytes; anything this big is the wrong file. */
    static final int MAX_CHARS = 1 << 20;

    private final String source;
    private final Path baseDir;
    private final YamlTree tree;
    private final Map<String, Integer> lines = new HashMap<>(); // for the validator: see CelerityConfig.line
    private boolean checkComponents = true;

    private YamlConfigReader(String source, Path baseDir, YamlTree tree) {
        this.source = source;
        this.baseDir = baseDir;
        this.tree = tree;
    }

    static CelerityConfig read(Path file) {
        return read(file, true);
    }

    /** @param checkComponents false to leave out the checks that load the component classes */
    static CelerityConfig read(Path file, boolean checkComponents) {
        return read(file.toString(), ConfigText.read(file, MAX_CHARS), file.toAbsolutePath().getParent(),
                checkComponents);
    }

    static CelerityConfig read(String source, String yaml, Path baseDir) {
        return read(source, yaml, baseDir, true);
    }

    private static CelerityConfig read(String source, String yaml, Path baseDir, boolean checkComponents) {
        if (yaml.length() > MAX_CHARS)
            throw new ConfigException(source, "file", null, "holds " + yaml.length() + " characters; expected a "
                    + "services.yaml of at most " + MAX_CHARS + " (is it the right file?)");
        YamlTree tree;
        try {
            tree = YamlTree.parse(source, yaml);
        } catch (YamlException e) {
            throw configError(e);
        }
        if (tree.root().isEmpty())
            throw new ConfigException(source, 1, "top level", null, "the file is empty; expected at least queues "
                    + "and services");
        YamlConfigReader reader = new YamlConfigReader(source, baseDir, tree);
        reader.checkComponents = checkComponents;
        return reader.parse(tree.root());
    }

    private CelerityConfig parse(Map<String, Object> root) {
        ConfigSection top = new ConfigSection(source, tree, lines, "top level", root, "", 1);
        List<String> keys = new ArrayList<>(List.of("hostId", "hosts", "cluster", "queues", "services", "agents",
                "eventLoops", "monitoring", "minFreeSpace", "writeFailureTimeout", "keys"));
        Set<String> modules = ConfigChecks.sections();
        keys.addAll(modules);
        top.allow(keys.toArray(String[]::new));
        CelerityConfig.Builder b = new CelerityConfig.Builder(source);
        for (String key : modules)
            if (top.has(key))
                b.section(key, ConfigEntry.topLevel(top, key, baseDir));
        b.hostId((int) top.integer("hostId", 0));
        if (top.has("minFreeSpace"))
            b.minFreeSpace(top.size("minFreeSpace"));
        if (top.has("writeFailureTimeout"))
            b.writeFailureTimeout(top.duration("writeFailureTimeout"));
        if (top.has("monitoring")) {
            ConfigSection m = top.section("monitoring");
            m.allow("httpPort");
            b.metricsPort((int) m.integer("httpPort", 9404));
        }
        top.entries("hosts").forEach((name, h) -> b.host(host(name, h)));
        if (top.has("cluster"))
            b.cluster(cluster(top.section("cluster")));
        if (top.has("keys"))
            b.keys(keys(top.section("keys")));
        top.entries("queues").forEach((name, q) -> b.queue(queue(name, q)));
        top.entries("eventLoops").forEach((name, l) -> b.eventLoop(eventLoop(name, l)));
        top.entries("services").forEach((name, s) -> b.service(service(name, s)));
        top.entries("agents").forEach((name, a) -> b.agent(agent(name, a)));
        CelerityConfig config = b.lines(lines).build(checkComponents);
        if (config.services().isEmpty() && config.agents().isEmpty())
            throw top.error("services", "no services; expected at least one service (or agent) to run");
        return config;
    }

    private QueueConfig queue(String name, ConfigSection q) {
        q.allow("path", "rollCycle", "sourceId", "keepCycles", "sync", "events", "host", "replicas", "acks",
                "encryptionKey");
        Path path = baseDir.resolve(q.string("path", null, "the queue's directory"));
        return new QueueConfig(name, path, q.string("rollCycle", QueueConfig.DEFAULT_ROLL_CYCLE, null),
                (int) q.integer("sourceId", QueueConfig.defaultSourceId(name)), (int) q.integer("keepCycles", 0),
                q.enumValue("sync", SyncPolicy.class, SyncPolicy.NONE),
                q.has("events") ? q.stringList("events", "a list of interface names, e.g. [ com.example.FillIn ]")
                        : List.of(), replication(q), q.string("encryptionKey", null, null));
    }

    private static Replication replication(ConfigSection q) {
        if (!q.has("host") && !q.has("replicas") && !q.has("acks"))
            return null;
        return new Replication(q.string("host", null, "the name of the host that writes the queue"),
                q.has("replicas") ? q.stringList("replicas", "a list of host names, e.g. [ b ]") : List.of(),
                (int) q.integer("acks", 0));
    }

    private KeysConfig keys(ConfigSection k) {
        k.allow("store", "passwordEnv", "passwordFile", "provider", "subjects");
        if (k.has("store") == k.has("provider"))
            throw k.error(k.has("store") ? "provider" : "store", "expected either 'store' (a PKCS12 key store file) or "
                    + "'provider' (a KeyProvider class), not both, not neither");
        if (k.has("store") && k.has("passwordEnv") == k.has("passwordFile"))
            throw k.error(k.has("passwordEnv") ? "passwordFile" : "passwordEnv", "expected either 'passwordEnv' (an "
                    + "environment variable) or 'passwordFile' (a file) holding the key store's password, not both; "
                    + "never the password itself");
        String store = k.string("store", null, null);
        String passwordFile = k.string("passwordFile", null, null);
        return new KeysConfig(store == null ? null : baseDir.resolve(store), k.string("passwordEnv", null, null),
                passwordFile == null ? null : baseDir.resolve(passwordFile), k.string("provider", null, null),
                k.string("subjects", null, null));
    }

    private static HostConfig host(String name, ConfigSection h) {
        h.allow("address", "port");
        String address = h.string("address", null, "the host's IP address, as the other hosts reach it");
        if (!h.has("port"))
            throw h.error("port", "missing; expected the UDP port its replication listens on");
        return new HostConfig(name, address, (int) h.integer("port", 0));
    }

    private ClusterConfig cluster(ConfigSection c) {
        c.allow("members", "port", "dir");
        return new ClusterConfig(c.stringList("members", "a list of host names, e.g. [ a, b, c ]"),
                (int) c.integer("port", ClusterConfig.DEFAULT_PORT),
                baseDir.resolve(c.string("dir", "cluster", null)));
    }

    private EventLoopConfig eventLoop(String name, ConfigSection l) {
        l.allow("pauser", "affinity");
        Affinity affinity;
        try {
            affinity = Affinity.parse(l.string("affinity", "NONE", null));
        } catch (IllegalArgumentException e) {
            throw l.error("affinity", e.getMessage());
        }
        return new EventLoopConfig(name, l.enumValue("pauser", PauserType.class, PauserType.BALANCED), affinity);
    }

    private ServiceConfig service(String name, ConfigSection s) {
        s.allow("implClass", "inputs", "control", "output", "startFrom", "rebuildState", "eventLoop", "timer",
                "heartbeat", "settings", "snapshot", "errors", "standby");
        String method = null;
        Duration period = null;
        if (s.has("timer")) {
            ConfigSection t = s.section("timer");
            t.allow("method", "period");
            method = t.string("method", null, "the name of the component method to call");
            period = t.duration("period");
        }
        return new ServiceConfig(name,
                s.string("implClass", null, "the component's class name"),
                s.stringList("inputs", "a list of queue names, e.g. [ orders-in ]"),
                s.string("output", null, "the name of the queue outputs are written to"),
                s.enumValue("startFrom", StartFrom.class, StartFrom.LAST_WRITTEN),
                s.enumValue("rebuildState", StateRebuild.class, StateRebuild.NONE),
                s.string("eventLoop", EventLoopConfig.DEFAULT_NAME, null),
                method, period,
                s.has("heartbeat") ? s.duration("heartbeat") : null,
                s.has("settings") ? s.section("settings").values : Map.of(),
                s.string("control", null, null),
                s.has("snapshot") ? snapshot(s.section("snapshot")) : null,
                s.string("errors", null, null),
                s.string("standby", null, null));
    }

    private AgentConfig agent(String name, ConfigSection a) {
        a.allow("implClass", "output", "eventLoop", "settings");
        return new AgentConfig(name,
                a.string("implClass", null, "the agent's class name, a class implementing org.agrona.concurrent.Agent"),
                a.string("output", null, "the name of the queue the agent's events are written to"),
                a.string("eventLoop", EventLoopConfig.DEFAULT_NAME, null),
                a.has("settings") ? a.section("settings").values : Map.of());
    }

    private SnapshotConfig snapshot(ConfigSection s) {
        s.allow("queue", "method", "everyInputs", "period");
        long every = s.integer("everyInputs", 0);
        Duration period = s.has("period") ? s.duration("period") : null;
        if (every == 0 && period == null)
            throw s.error("everyInputs", "neither everyInputs nor period given; expected at least one of them");
        return new SnapshotConfig(s.string("queue", null, "the name of the queue snapshots are written to"),
                s.string("method", null, "the name of the component method that writes a snapshot"), every, period);
    }

    /** The same mistake as a configuration's: the reader of services.yaml reports {@link ConfigException}s only. */
    private static ConfigException configError(YamlException e) {
        return new ConfigException(e.source(), e.line(), e.entry(), e.key(), e.problem());
    }
}
