package io.celerity.config;

import java.util.Map;

/** Where each entry and key of a services.yaml is: noted by the reader, looked up for every error message. */
final class ConfigLines {

    private ConfigLines() {
    }

    /** The key under which the line of {@code key} of {@code entry} (or of the entry itself, for null) is noted. */
    static String key(String entry, String key) {
        return key == null ? entry : entry + "\0" + key;
    }

    /** The line of {@code key}, of the nearest key that holds it, or of the entry; 0 when none is noted. */
    static int of(Map<String, Integer> lines, String entry, String key) {
        for (String k = key; k != null; k = k.contains(".") ? k.substring(0, k.lastIndexOf('.')) : null) {
            Integer line = lines.get(key(entry, k));
            if (line != null && line > 0)
                return line;
        }
        return lines.getOrDefault(key(entry, null), 0);
    }
}
