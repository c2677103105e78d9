package io.celerity.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One mapping of {@code services.yaml} read by a module of its own (a top-level key it claims through
 * {@link ConfigCheck#sections()}, e.g. {@code fix}), with typed accessors whose errors name the file, line, entry and
 * key of a wrong value.
 */
public final class ConfigEntry {

    private final ConfigSection section;
    private final Path baseDir;
    private final ConfigSection parent; // holds this entry under key, for namedEntries
    private final String key;

    ConfigEntry(ConfigSection section, Path baseDir) {
        this(section, baseDir, null, null);
    }

    private ConfigEntry(ConfigSection section, Path baseDir, ConfigSection parent, String key) {
        this.section = section;
        this.baseDir = baseDir;
        this.parent = parent;
        this.key = key;
    }

    /** The top-level mapping {@code key} of {@code top}. */
    static ConfigEntry topLevel(ConfigSection top, String key, Path baseDir) {
        return new ConfigEntry(top.section(key), baseDir, top, key);
    }

    /** How errors name this entry, e.g. {@code fix 'orders'}. */
    public String entry() {
        return section.entry;
    }

    /** Refuses any key not in {@code keys}, naming the ones expected. */
    public ConfigEntry allow(String... keys) {
        section.allow(keys);
        return this;
    }

    public boolean has(String key) {
        return section.has(key);
    }

    /** A required single value; {@code expected} says what, for the error when it is missing. */
    public String string(String key, String expected) {
        return section.string(key, null, expected);
    }

    /** An optional single value. */
    public String stringOr(String key, String defaultValue) {
        return section.string(key, defaultValue, null);
    }

    /** An optional whole number that fits 32 bits. */
    public int integer(String key, int defaultValue) {
        return (int) section.integer(key, defaultValue);
    }

    /** A required whole number that fits 32 bits. */
    public int integer(String key, String expected) {
        if (!section.has(key))
            throw section.error(key, "missing; expected " + expected);
        return (int) section.integer(key, 0);
    }

    /** An optional {@code true} or {@code false}. */
    public boolean bool(String key, boolean defaultValue) {
        String v = section.string(key, null, null);
        if (v == null)
            return defaultValue;
        if (v.equals("true") || v.equals("false"))
            return Boolean.parseBoolean(v);
        throw section.error(key, "'" + v + "' is not true or false");
    }

    /** An optional period such as {@code 500us}, {@code 100ms}, {@code 30s} or {@code 1m}. */
    public Duration duration(String key, Duration defaultValue) {
        return section.has(key) ? section.duration(key) : defaultValue;
    }

    public <E extends Enum<E>> E enumValue(String key, Class<E> type, E defaultValue) {
        return section.enumValue(key, type, defaultValue);
    }

    public List<String> stringList(String key, String expected) {
        return section.stringList(key, expected);
    }

    /** A required directory or file, relative to the configuration file's directory. */
    public Path path(String key, String expected) {
        return baseDir.resolve(string(key, expected));
    }

    /** A required nested mapping. */
    public ConfigEntry section(String key) {
        if (!section.has(key))
            throw section.error(key, "missing; expected { key: value, ... }");
        return new ConfigEntry(section.section(key), baseDir);
    }

    /** The named entries of mapping {@code key}, each named in errors as {@code kind 'name'}; empty when absent. */
    public Map<String, ConfigEntry> entries(String key, String kind) {
        Map<String, ConfigEntry> out = new LinkedHashMap<>();
        section.entries(key, kind).forEach((name, s) -> out.put(name, new ConfigEntry(s, baseDir)));
        return out;
    }

    /**
     * This mapping's own keys as named entries, each a mapping named in errors as {@code kind 'name'}: e.g. the
     * gateways of a top-level {@code fix:}.
     */
    public Map<String, ConfigEntry> namedEntries(String kind) {
        Map<String, ConfigEntry> out = new LinkedHashMap<>();
        if (parent == null)
            section.values.keySet().forEach(name -> out.put(name, section(name)));
        else
            parent.entries(key, kind).forEach((name, s) -> out.put(name, new ConfigEntry(s, baseDir)));
        return out;
    }

    /** An error about {@code key} of this entry, naming the file and line. */
    public ConfigException error(String key, String problem) {
        return section.error(key, problem);
    }
}
