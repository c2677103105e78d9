package io.celerity.internal.events;

import io.celerity.internal.yaml.YamlTree;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a YAML events file (a YAML test's {@code in.yaml}, or what {@code celerity send} writes) into method calls:
 * documents separated by {@code ...}, each one call.
 */
public final class YamlEventFile {

    private YamlEventFile() {
    }

    /**
     * @param source names the file in errors
     * @throws IllegalArgumentException naming the file, event number and line when a document is not one method call
     */
    public static List<EventText> parse(String source, String text) {
        List<EventText> events = new ArrayList<>();
        StringBuilder comment = new StringBuilder();
        StringBuilder body = new StringBuilder();
        int lineNo = 0;
        int bodyLine = 0;
        for (String line : (text.replace("\r\n", "\n") + "\n...\n").split("\n")) {
            lineNo++;
            String trimmed = line.trim();
            if (trimmed.equals("...")) {
                if (!body.toString().isBlank()) {
                    events.add(event(source, events.size() + 1, bodyLine, comment.toString(), body.toString()));
                    comment.setLength(0);
                }
                body.setLength(0); // a comment with no event after it carries over to the next event
            } else if (trimmed.equals("---") || (trimmed.isEmpty() && body.length() == 0)) {
                // document start markers and blank lines between events carry nothing
            } else if (trimmed.startsWith("#") && body.length() == 0) {
                comment.append(trimmed).append('\n');
            } else {
                if (body.length() == 0)
                    bodyLine = lineNo;
                body.append(line).append('\n');
            }
        }
        return events;
    }

    private static EventText event(String source, int number, int line, String comment, String body) {
        Wire wire = WireType.YAML_ONLY.apply(Bytes.from(body));
        String where = source + ": event " + number;
        String at = " (line " + line + ")";
        String method;
        Object argument;
        try {
            method = wire.readEvent(String.class);
            argument = YamlTree.value(source, "event " + number, wire.getValueIn());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(where + " is not a method call" + at + " (" + e.getMessage()
                    + "); expected 'methodName: argument'", e);
        }
        if (method == null || method.isEmpty())
            throw new IllegalArgumentException(where + " has no method name" + at + "; expected 'methodName: argument'");
        if (wire.hasMore())
            throw new IllegalArgumentException(where + " holds more than one call" + at + "; "
                    + "expected one method call per document, separated by '...'");
        return new EventText(comment, method, argument, body, number, line);
    }

    /** {@code method: argument} as YAML. */
    public static String render(String method, Object argument) {
        Wire wire = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
        wire.write(method).object(argument);
        return wire.toString();
    }
}
