package io.celerity.config;

/** A mistake in a deployment description, located by file, entry and key. */
public final class ConfigException extends RuntimeException {

    private final String source;
    private final String entry;
    private final String key;

    /**
     * @param source  the file (or "builder") the configuration came from
     * @param entry   the entry at fault, e.g. {@code service 'order-manager'}
     * @param key     the key at fault, or {@code null} when the whole entry is wrong
     * @param problem what is wrong and what was expected
     */
    public ConfigException(String source, String entry, String key, String problem) {
        super(source + ": " + entry + (key == null ? "" : ", key '" + key + "'") + ": " + problem);
        this.source = source;
        this.entry = entry;
        this.key = key;
    }

    /** The file (or "builder") the configuration came from. */
    public String source() {
        return source;
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
