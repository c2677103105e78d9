package io.celerity.testing;

import io.celerity.config.YamlTree;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.ArrayList;
import java.util.List;

/** Splits a YAML test file into events: documents separated by {@code ...}, each one method call. */
final class YamlEvents {

    private YamlEvents() {
    }

    /**
     * @param source names the file in errors
     * @throws IllegalArgumentException naming the file and event number when a document is not one method call
     */
    static List<YamlEvent> parse(String source, String text) {
        List<YamlEvent> events = new ArrayList<>();
        StringBuilder comment = new StringBuilder();
        StringBuilder body = new StringBuilder();
        for (String line : (text.replace("\r\n", "\n") + "\n...\n").split("\n")) {
            String trimmed = line.trim();
            if (trimmed.equals("...")) {
                if (!body.toString().isBlank()) {
                    events.add(event(source, events.size() + 1, comment.toString(), body.toString()));
                    comment.setLength(0);
                }
                body.setLength(0); // a comment with no event after it carries over to the next event
            } else if (trimmed.equals("---") || (trimmed.isEmpty() && body.length() == 0)) {
                // document start markers and blank lines between events carry nothing
            } else if (trimmed.startsWith("#") && body.length() == 0) {
                comment.append(trimmed).append('\n');
            } else {
                body.append(line).append('\n');
            }
        }
        return events;
    }

    private static YamlEvent event(String source, int number, String comment, String body) {
        Wire wire = WireType.YAML_ONLY.apply(Bytes.from(body));
        String method;
        Object argument;
        try {
            method = wire.readEvent(String.class);
            argument = YamlTree.value(source, "event " + number, wire.getValueIn());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(source + ": event " + number + " is not a method call ("
                    + e.getMessage() + "); expected 'methodName: argument'", e);
        }
        if (method == null || method.isEmpty())
            throw new IllegalArgumentException(source + ": event " + number + " has no method name; "
                    + "expected 'methodName: argument'");
        if (wire.hasMore())
            throw new IllegalArgumentException(source + ": event " + number + " holds more than one call; "
                    + "expected one method call per document, separated by '...'");
        return new YamlEvent(comment, method, argument, body);
    }

    /** {@code method: argument} as YAML. */
    static String render(String method, Object argument) {
        Wire wire = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
        wire.write(method).object(argument);
        return wire.toString();
    }

    /** Events back as a YAML test file. */
    static String toText(List<YamlEvent> events) {
        StringBuilder sb = new StringBuilder();
        for (YamlEvent e : events)
            sb.append(e.comment()).append(e.yaml().endsWith("\n") ? e.yaml() : e.yaml() + "\n").append("...\n");
        return sb.toString();
    }
}
