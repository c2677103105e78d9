package io.celerity.internal.yaml;

/**
 * A mistake in YAML text, located by source, line, entry and key, with the message a {@code ConfigException} of the
 * same parts has (both are made by {@link #message}): the configuration reader turns it into one.
 */
public final class YamlException extends RuntimeException {

    private final String source;
    private final int line;
    private final String entry;
    private final String key;
    private final String problem;

    /**
     * @param line    the line (from 1), or 0 when there is none (e.g. a value read from part of a file)
     * @param key     the key at fault, or {@code null} when the whole entry is wrong
     * @param problem what is wrong and what was expected
     */
    public YamlException(String source, int line, String entry, String key, String problem) {
        super(message(source, line, entry, key, problem));
        this.source = source;
        this.line = line;
        this.entry = entry;
        this.key = key;
        this.problem = problem;
    }

    /** {@code <source>:<line>: <entry>, key '<key>': <problem>}, the line and key left out when there are none. */
    public static String message(String source, int line, String entry, String key, String problem) {
        return source + (line > 0 ? ":" + line : "") + ": " + entry + (key == null ? "" : ", key '" + key + "'") + ": "
                + problem;
    }

    /** The text's name, e.g. its file. */
    public String source() {
        return source;
    }

    /** The line (from 1) of the mistake, or 0. */
    public int line() {
        return line;
    }

    /** The entry at fault, e.g. {@code service 'order-manager'} or {@code top level}. */
    public String entry() {
        return entry;
    }

    /** The key at fault, or {@code null}. */
    public String key() {
        return key;
    }

    /** What is wrong and what was expected. */
    public String problem() {
        return problem;
    }
}
