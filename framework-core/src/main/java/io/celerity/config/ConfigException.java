package io.celerity.config;

import io.celerity.internal.yaml.YamlException;

/** A mistake in a deployment description, located by file, line, entry and key. */
public final class ConfigException extends RuntimeException {

    private final String source;
    private final int line;
    private final String entry;
    private final String key;

    /**
     * A mistake with no line to point at, e.g. in a configuration built in code.
     *
     * @param source  the file (or "builder") the configuration came from
     * @param entry   the entry at fault, e.g. {@code service 'order-manager'}
     * @param key     the key at fault, or {@code null} when the whole entry is wrong
     * @param problem what is wrong and what was expected
     */
    public ConfigException(String source, String entry, String key, String problem) {
        this(source, 0, entry, key, problem);
    }

    /**
     * A mistake at a line of a file: {@code <source>:<line>: <entry>, key '<key>': <problem>}.
     *
     * @param line the line (from 1) of the key, entry or syntax error, or 0 when there is none
     */
    public ConfigException(String source, int line, String entry, String key, String problem) {
        super(YamlException.message(source, line, entry, key, problem)); // one form for YAML's and the config's
        this.source = source;
        this.line = line;
        this.entry = entry;
        this.key = key;
    }

    /** The file (or "builder") the configuration came from. */
    public String source() {
        return source;
    }

    /** The line (from 1) of the mistake in {@link #source()}, or 0 when the configuration did not come from text. */
    public int line() {
        return line;
    }

    /** The entry at fault, e.g. {@code service 'order-manager'}. */
    public String entry() {
        return entry;
    }

    /** The key at fault, or {@code null}. */
    public String key() {
        return key;
    }
}
