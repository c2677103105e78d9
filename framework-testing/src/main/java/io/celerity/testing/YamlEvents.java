package io.celerity.testing;

import io.celerity.internal.events.YamlEventFile;

import java.util.List;

/** Splits a YAML test file into events: documents separated by {@code ...}, each one method call. */
final class YamlEvents {

    private YamlEvents() {
    }

    /**
     * @param source names the file in errors
     * @throws IllegalArgumentException naming the file, event number and line when a document is not one method call
     */
    static List<YamlEvent> parse(String source, String text) {
        return YamlEventFile.parse(source, text).stream()
                .map(e -> new YamlEvent(e.comment(), e.method(), e.argument(), e.yaml())).toList();
    }

    /** {@code method: argument} as YAML. */
    static String render(String method, Object argument) {
        return YamlEventFile.render(method, argument);
    }

    /** Events back as a YAML test file. */
    static String toText(List<YamlEvent> events) {
        StringBuilder sb = new StringBuilder();
        for (YamlEvent e : events)
            sb.append(e.comment()).append(e.yaml().endsWith("\n") ? e.yaml() : e.yaml() + "\n").append("...\n");
        return sb.toString();
    }
}
