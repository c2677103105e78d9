package io.celerity.config;

import io.celerity.internal.yaml.YamlTree;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One mapping of the file, with typed accessors that name the line, entry and key when a value is wrong; it notes
 * the line of each of its keys (nested ones too) for the validator, so every key is located without naming it.
 */
final class ConfigSection {

    private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ns|us|ms|s|m)");
    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(KB|MB|GB)?");

    private final String source;
    private final YamlTree tree;
    private final Map<String, Integer> lines;
    final String entry;
    final Map<String, Object> values;
    final String keyPrefix; // e.g. "timer." for the keys of a nested mapping, so errors name the whole key
    final int line;         // of the entry's name, for errors about a key it lacks

    /** @param lines where each entry's and key's line is noted, for the validator (see CelerityConfig.line) */
    ConfigSection(String source, YamlTree tree, Map<String, Integer> lines, String entry, Map<String, Object> values,
                  String keyPrefix, int line) {
        this.source = source;
        this.tree = tree;
        this.lines = lines;
        this.entry = entry;
        this.values = values;
        this.keyPrefix = keyPrefix;
        this.line = line;
        if (keyPrefix.isEmpty())
            lines.put(ConfigLines.key(entry, null), line);
        noteLines(values, keyPrefix);
    }

    @SuppressWarnings("unchecked")
    private void noteLines(Map<String, Object> map, String prefix) {
        map.forEach((key, value) -> {
            lines.put(ConfigLines.key(entry, prefix + key), tree.line(map, key));
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
    ConfigSection section(String key) {
        Object v = values.get(key);
        if (!(v instanceof Map))
            throw error(key, "'" + v + "' is not a mapping; expected { key: value, ... }");
        return child(entry, (Map<String, Object>) v, keyPrefix + key + ".", lineOf(key));
    }

    /** The named sub-entries of a section such as {@code services}, each a mapping of its own. */
    Map<String, ConfigSection> entries(String key) {
        return entries(key, switch (key) {
            case "queues" -> "queue";
            case "services" -> "service";
            case "agents" -> "agent";
            case "hosts" -> "host";
            default -> "event loop";
        });
    }

    /** As {@link #entries(String)}, each named in errors as {@code kind 'name'}. */
    @SuppressWarnings("unchecked")
    Map<String, ConfigSection> entries(String key, String kind) {
        Map<String, ConfigSection> out = new java.util.LinkedHashMap<>();
        Object v = values.get(key);
        if (v == null) return out;
        if (!(v instanceof Map))
            throw error(key, "'" + v + "' is not a mapping of names to entries; expected e.g. " + key + ":\n"
                    + "  name: { ... }");
        Map<String, Object> named = (Map<String, Object>) v;
        named.forEach((name, e) -> {
            String entryName = kind + " '" + name + "'";
            int line = tree.line(named, name);
            if (e != null && !(e instanceof Map))
                throw new ConfigException(source, line, entryName, null, "expected a mapping of keys, found '"
                        + e + "'");
            Map<String, Object> values = e == null ? Map.of() : (Map<String, Object>) e;
            out.put(name, child(entryName, values, "", line));
        });
        return out;
    }

    private ConfigSection child(String entry, Map<String, Object> values, String keyPrefix, int line) {
        return new ConfigSection(source, tree, lines, entry, values, keyPrefix, line);
    }

    ConfigException error(String key, String problem) {
        return new ConfigException(source, lineOf(key), entry, keyPrefix + key, problem);
    }
}
