package io.celerity.internal.config;

import io.celerity.config.Affinity;
import io.celerity.config.AgentConfig;
import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.config.StartFrom;
import io.celerity.config.StateRebuild;
import io.celerity.config.SyncPolicy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads {@code services.yaml} into a {@link CelerityConfig}, checking every key against the ones it knows. */
public final class YamlConfigReader {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ns|us|ms|s|m)");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(KB|MB|GB)?");

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

    public static CelerityConfig read(Path file) {
        return read(file, true);
    }

    /** @param checkComponents false to leave out the checks that load the component classes */
    public static CelerityConfig read(Path file, boolean checkComponents) {
        return read(file.toString(), ConfigText.read(file, MAX_CHARS), file.toAbsolutePath().getParent(),
                checkComponents);
    }

    public static CelerityConfig read(String source, String yaml, Path baseDir) {
        return read(source, yaml, baseDir, true);
    }

    private static CelerityConfig read(String source, String yaml, Path baseDir, boolean checkComponents) {
        if (yaml.length() > MAX_CHARS)
            throw new ConfigException(source, "file", null, "holds " + yaml.length() + " characters; expected a "
                    + "services.yaml of at most " + MAX_CHARS + " (is it the right file?)");
        YamlTree tree = YamlTree.parse(source, yaml);
        if (tree.root().isEmpty())
            throw new ConfigException(source, 1, "top level", null, "the file is empty; expected at least queues "
                    + "and services");
        YamlConfigReader reader = new YamlConfigReader(source, baseDir, tree);
        reader.checkComponents = checkComponents;
        return reader.parse(tree.root());
    }

    private CelerityConfig parse(Map<String, Object> root) {
        Section top = new Section("top level", root, "", 1);
        top.allow("hostId", "queues", "services", "agents", "eventLoops", "monitoring", "minFreeSpace",
                "writeFailureTimeout");
        CelerityConfig.Builder b = new CelerityConfig.Builder(source);
        b.hostId((int) top.integer("hostId", 0));
        if (top.has("minFreeSpace"))
            b.minFreeSpace(top.size("minFreeSpace"));
        if (top.has("writeFailureTimeout"))
            b.writeFailureTimeout(top.duration("writeFailureTimeout"));
        if (top.has("monitoring")) {
            Section m = top.section("monitoring");
            m.allow("httpPort");
            b.metricsPort((int) m.integer("httpPort", 9404));
        }
        top.entries("queues").forEach((name, q) -> b.queue(queue(name, q)));
        top.entries("eventLoops").forEach((name, l) -> b.eventLoop(eventLoop(name, l)));
        top.entries("services").forEach((name, s) -> b.service(service(name, s)));
        top.entries("agents").forEach((name, a) -> b.agent(agent(name, a)));
        CelerityConfig config = b.lines(lines).build(checkComponents);
        if (config.services().isEmpty() && config.agents().isEmpty())
            throw top.error("services", "no services; expected at least one service (or agent) to run");
        return config;
    }

    private QueueConfig queue(String name, Section q) {
        q.allow("path", "rollCycle", "sourceId", "keepCycles", "sync", "events");
        Path path = baseDir.resolve(q.string("path", null, "the queue's directory"));
        return new QueueConfig(name, path, q.string("rollCycle", QueueConfig.DEFAULT_ROLL_CYCLE, null),
                (int) q.integer("sourceId", QueueConfig.defaultSourceId(name)), (int) q.integer("keepCycles", 0),
                q.enumValue("sync", SyncPolicy.class, SyncPolicy.NONE),
                q.has("events") ? q.stringList("events", "a list of interface names, e.g. [ com.example.FillIn ]") : List.of());
    }

    private EventLoopConfig eventLoop(String name, Section l) {
        l.allow("pauser", "affinity");
        Affinity affinity;
        try {
            affinity = Affinity.parse(l.string("affinity", "NONE", null));
        } catch (IllegalArgumentException e) {
            throw l.error("affinity", e.getMessage());
        }
        return new EventLoopConfig(name, l.enumValue("pauser", PauserType.class, PauserType.BALANCED), affinity);
    }

    private ServiceConfig service(String name, Section s) {
        s.allow("implClass", "inputs", "control", "output", "startFrom", "rebuildState", "eventLoop", "timer",
                "heartbeat", "settings", "snapshot", "errors");
        String method = null;
        Duration period = null;
        if (s.has("timer")) {
            Section t = s.section("timer");
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
                s.string("errors", null, null));
    }

    private AgentConfig agent(String name, Section a) {
        a.allow("implClass", "output", "eventLoop", "settings");
        return new AgentConfig(name,
                a.string("implClass", null, "the agent's class name, a class implementing org.agrona.concurrent.Agent"),
                a.string("output", null, "the name of the queue the agent's events are written to"),
                a.string("eventLoop", EventLoopConfig.DEFAULT_NAME, null),
                a.has("settings") ? a.section("settings").values : Map.of());
    }

    private SnapshotConfig snapshot(Section s) {
        s.allow("queue", "method", "everyInputs", "period");
        long every = s.integer("everyInputs", 0);
        Duration period = s.has("period") ? s.duration("period") : null;
        if (every == 0 && period == null)
            throw s.error("everyInputs", "neither everyInputs nor period given; expected at least one of them");
        return new SnapshotConfig(s.string("queue", null, "the name of the queue snapshots are written to"),
                s.string("method", null, "the name of the component method that writes a snapshot"), every, period);
    }

    /**
     * One mapping of the file, with typed accessors that name the line, entry and key when a value is wrong; it notes
     * the line of each of its keys (nested ones too) for the validator, so every key is located without naming it.
     */
    private final class Section {
        final String entry;
        final Map<String, Object> values;
        final String keyPrefix; // e.g. "timer." for the keys of a nested mapping, so errors name the whole key
        final int line;         // of the entry's name, for errors about a key it lacks

        Section(String entry, Map<String, Object> values, String keyPrefix, int line) {
            this.entry = entry;
            this.values = values;
            this.keyPrefix = keyPrefix;
            this.line = line;
            if (keyPrefix.isEmpty())
                lines.put(CelerityConfig.lineKey(entry, null), line);
            noteLines(values, keyPrefix);
        }

        @SuppressWarnings("unchecked")
        private void noteLines(Map<String, Object> map, String prefix) {
            map.forEach((key, value) -> {
                lines.put(CelerityConfig.lineKey(entry, prefix + key), tree.line(map, key));
                if (value instanceof Map)
                    noteLines((Map<String, Object>) value, prefix + key + ".");
            });
        }

        int lineOf(String key) {
            int l = tree.line(values, key);
            return l > 0 ? l : line;
        }

        void allow(String... keys) {
            Set<String> allowed = Set.of(keys);
            for (String key : values.keySet())
                if (!allowed.contains(key))
                    throw error(key, "unknown key; expected one of " + Arrays.asList(keys));
        }

        boolean has(String key) {
            return values.get(key) != null;
        }

        String string(String key, String defaultValue, String expected) {
            Object v = values.get(key);
            if (v == null) {
                if (expected != null)
                    throw error(key, "missing; expected " + expected);
                return defaultValue;
            }
            if (v instanceof Map || v instanceof List)
                throw error(key, "expected a single value, found " + (v instanceof Map ? "a mapping " : "a list ") + v);
            return v.toString();
        }

        long integer(String key, long defaultValue) {
            Object v = values.get(key);
            if (v == null) return defaultValue;
            if (v instanceof Number && ((Number) v).doubleValue() == ((Number) v).longValue()) {
                long n = ((Number) v).longValue();
                if (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE)
                    throw error(key, n + " is out of range; expected a whole number that fits 32 bits");
                return n;
            }
            throw error(key, "'" + v + "' is not a whole number");
        }

        <E extends Enum<E>> E enumValue(String key, Class<E> type, E defaultValue) {
            String v = string(key, null, null);
            if (v == null) return defaultValue;
            try {
                return Enum.valueOf(type, v.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw error(key, "'" + v + "' is not valid; expected one of " + Arrays.asList(type.getEnumConstants()));
            }
        }

        /** Bytes, from a whole number and an optional unit (1024-based): 0, 512KB, 256MB, 2GB. */
        long size(String key) {
            String v = string(key, null, "a size such as 256MB");
            Matcher m = SIZE.matcher(v.trim().toUpperCase(Locale.ROOT));
            if (!m.matches() || m.group(1).length() > 9)
                throw error(key, "'" + v + "' is not a size; expected a whole number and a unit: KB, MB or GB, e.g. 256MB");
            long n = Long.parseLong(m.group(1));
            String unit = m.group(2) == null ? "" : m.group(2);
            return switch (unit) {
                case "KB" -> n << 10;
                case "MB" -> n << 20;
                case "GB" -> n << 30;
                default -> n;
            };
        }

        Duration duration(String key) {
            String v = string(key, null, "a period such as 500us, 100ms or 1s");
            Matcher m = DURATION.matcher(v.trim());
            if (!m.matches())
                throw error(key, "'" + v + "' is not a period; expected a number and a unit: ns, us, ms, s or m");
            long n = Long.parseLong(m.group(1));
            switch (m.group(2)) {
                case "ns": return Duration.ofNanos(n);
                case "us": return Duration.ofNanos(n * 1_000);
                case "ms": return Duration.ofMillis(n);
                case "s": return Duration.ofSeconds(n);
                default: return Duration.ofMinutes(n);
            }
        }

        List<String> stringList(String key, String expected) {
            Object v = values.get(key);
            if (v == null)
                throw error(key, "missing; expected " + expected);
            if (!(v instanceof List))
                throw error(key, "'" + v + "' is not a list; expected " + expected);
            List<String> out = new ArrayList<>();
            for (Object o : (List<?>) v) {
                if (o instanceof Map || o instanceof List || o == null)
                    throw error(key, "item " + (out.size() + 1) + " is " + (o == null ? "empty" : "'" + o + "'")
                            + "; expected single values in " + expected);
                out.add(String.valueOf(o));
            }
            return out;
        }

        @SuppressWarnings("unchecked")
        Section section(String key) {
            Object v = values.get(key);
            if (!(v instanceof Map))
                throw error(key, "'" + v + "' is not a mapping; expected { key: value, ... }");
            return new Section(entry, (Map<String, Object>) v, keyPrefix + key + ".", lineOf(key));
        }

        /** The named sub-entries of a section such as {@code services}, each a mapping of its own. */
        @SuppressWarnings("unchecked")
        Map<String, Section> entries(String key) {
            Map<String, Section> out = new java.util.LinkedHashMap<>();
            Object v = values.get(key);
            if (v == null) return out;
            if (!(v instanceof Map))
                throw error(key, "'" + v + "' is not a mapping of names to entries; expected e.g. " + key + ":\n"
                        + "  name: { ... }");
            String kind = switch (key) {
                case "queues" -> "queue";
                case "services" -> "service";
                case "agents" -> "agent";
                default -> "event loop";
            };
            Map<String, Object> named = (Map<String, Object>) v;
            named.forEach((name, e) -> {
                String entryName = kind + " '" + name + "'";
                int line = tree.line(named, name);
                if (e != null && !(e instanceof Map))
                    throw new ConfigException(source, line, entryName, null, "expected a mapping of keys, found '"
                            + e + "'");
                out.put(name, new Section(entryName, e == null ? Map.of() : (Map<String, Object>) e, "", line));
            });
            return out;
        }

        ConfigException error(String key, String problem) {
            return new ConfigException(source, lineOf(key), entry, keyPrefix + key, problem);
        }
    }
}
