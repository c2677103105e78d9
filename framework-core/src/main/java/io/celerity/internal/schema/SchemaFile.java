package io.celerity.internal.schema;

import io.celerity.internal.yaml.YamlException;
import io.celerity.internal.yaml.YamlTree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The schema file a project commits ({@code celerity-schema.yaml}): the compatibility it requires and every recorded
 * version of its messages, oldest first. Read with the line of each entry, so that a check and a mistake can point at it.
 *
 * @param required what the check requires of a new version against the recorded ones
 * @param versions the recorded versions, numbered from 1
 */
public record SchemaFile(Required required, List<MessageSchema> versions, Lines lines) {

    /** The file's usual name, at the project's root. */
    public static final String NAME = "celerity-schema.yaml";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_$][A-Za-z0-9_$.\\- ]*");

    /** Which directions a new version must keep readable. */
    public enum Required {
        /** New code reads old data and old code new data: what a rolling upgrade needs (the default). */
        FULL,
        /** New code reads old data: enough when every service stops before any new one starts. */
        BACKWARD,
        /** Old code reads new data. */
        FORWARD,
        /** Nothing: each version is recorded, never refused. */
        NONE;

        boolean backward() {
            return this == FULL || this == BACKWARD;
        }

        boolean forward() {
            return this == FULL || this == FORWARD;
        }
    }

    /** Where each version and DTO was read, for messages; empty for a file not read from disk. */
    public record Lines(String source, Map<String, Integer> of) {
        static Lines none(String source) {
            return new Lines(source, Map.of());
        }

        /** {@code source:line} of version {@code version}'s entry {@code key} (a DTO, or "version"), else of its version. */
        public String at(int version, String key) {
            Integer line = of.getOrDefault(version + " " + key, of.get(version + " version"));
            return source + (line == null ? "" : ":" + line);
        }
    }

    public SchemaFile {
        versions = List.copyOf(versions);
    }

    /** A first file: {@code first} as version 1. */
    public static SchemaFile first(Path file, MessageSchema first) {
        return new SchemaFile(Required.FULL, List.of(first.as(1, null)), Lines.none(file.toString()));
    }

    /** The newest version. */
    public MessageSchema latest() {
        return versions.get(versions.size() - 1);
    }

    /** This file with {@code next} appended as the next version, a break when {@code breakReason} is not null. */
    public SchemaFile with(MessageSchema next, String breakReason) {
        List<MessageSchema> all = new ArrayList<>(versions);
        all.add(next.as(versions.size() + 1, breakReason));
        return new SchemaFile(required, all, lines);
    }

    /**
     * Reads a schema file.
     *
     * @throws YamlException naming the file, line, entry and key of the first thing wrong in it
     * @throws IOException   when it cannot be read
     */
    public static SchemaFile read(Path file) throws IOException {
        String source = file.toString();
        YamlTree tree = YamlTree.parse(source, Files.readString(file));
        Map<String, Object> root = tree.root();
        Map<String, Integer> lines = new TreeMap<>();
        requireKeys(tree, source, "the file", root, Set.of("compatibility", "versions"), Set.of("versions"));
        Required required = Required.FULL;
        if (root.containsKey("compatibility")) {
            String text = String.valueOf(root.get("compatibility"));
            try {
                required = Required.valueOf(text);
            } catch (IllegalArgumentException e) {
                throw new YamlException(source, tree.line(root, "compatibility"), "the file", "compatibility",
                        "'" + text + "' is no compatibility; expected FULL, BACKWARD, FORWARD or NONE");
            }
        }
        Map<String, Object> byNumber = map(tree, source, "the file", root, "versions");
        List<MessageSchema> versions = new ArrayList<>();
        for (Map.Entry<String, Object> v : byNumber.entrySet()) {
            int expected = versions.size() + 1;
            if (!v.getKey().equals(String.valueOf(expected)))
                throw new YamlException(source, tree.line(byNumber, v.getKey()), "versions", v.getKey(),
                        "versions are numbered 1, 2, 3... in order; expected " + expected);
            lines.put(expected + " version", tree.line(byNumber, v.getKey()));
            versions.add(version(tree, source, expected, map(tree, source, "versions", byNumber, v.getKey()), lines));
        }
        if (versions.isEmpty())
            throw new YamlException(source, tree.line(root, "versions"), "the file", "versions",
                    "no version recorded; delete the file to record the current messages as version 1");
        return new SchemaFile(required, versions, new Lines(source, lines));
    }

    private static MessageSchema version(YamlTree tree, String source, int number, Map<String, Object> entry,
                                         Map<String, Integer> lines) {
        String name = "version " + number;
        requireKeys(tree, source, name, entry, Set.of("break", "interfaces", "dtos"), Set.of("interfaces", "dtos"));
        SortedMap<String, SortedMap<String, String>> interfaces = new TreeMap<>();
        Map<String, Object> ifaces = map(tree, source, name, entry, "interfaces");
        for (String iface : ifaces.keySet()) {
            SortedMap<String, String> events = new TreeMap<>();
            map(tree, source, name + ", interface " + iface, ifaces, iface).forEach((event, type) ->
                    events.put(event, String.valueOf(type)));
            interfaces.put(iface, events);
        }
        SortedMap<String, DtoShape> dtos = new TreeMap<>();
        Map<String, Object> shapes = map(tree, source, name, entry, "dtos");
        for (String dto : shapes.keySet()) {
            lines.put(number + " " + dto, tree.line(shapes, dto));
            dtos.put(dto, shape(tree, source, name + ", DTO " + dto, map(tree, source, name, shapes, dto)));
        }
        Object breakReason = entry.get("break");
        return new MessageSchema(number, breakReason == null ? null : String.valueOf(breakReason), interfaces, dtos);
    }

    private static DtoShape shape(YamlTree tree, String source, String entry, Map<String, Object> shape) {
        String kindText = String.valueOf(shape.get("kind"));
        DtoShape.Kind kind = DtoShape.Kind.of(kindText);
        if (kind == null)
            throw new YamlException(source, tree.line(shape, "kind"), entry, "kind", "'" + kindText
                    + "' is no kind; expected self-describing, binary or enum");
        if (kind == DtoShape.Kind.ENUM) {
            requireKeys(tree, source, entry, shape, Set.of("kind", "constants"), Set.of("kind", "constants"));
            String constants = String.valueOf(shape.get("constants")).trim();
            if (!constants.matches("[A-Za-z_$][A-Za-z0-9_$]*( +[A-Za-z_$][A-Za-z0-9_$]*)*"))
                throw new YamlException(source, tree.line(shape, "constants"), entry, "constants", "'" + constants
                        + "' is no list of constants; expected the enum's constants in order, separated by spaces");
            return DtoShape.ofEnum(List.of(constants.split(" +")));
        }
        requireKeys(tree, source, entry, shape, Set.of("kind", "fields"), Set.of("kind"));
        Map<String, String> fields = new LinkedHashMap<>();
        if (shape.containsKey("fields"))
            map(tree, source, entry, shape, "fields").forEach((field, type) -> fields.put(field, String.valueOf(type)));
        return DtoShape.ofFields(kind, fields);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(YamlTree tree, String source, String entry, Map<String, Object> parent,
                                           String key) {
        Object value = parent.get(key);
        if (!(value instanceof Map))
            throw new YamlException(source, tree.line(parent, key), entry, key, "expected a mapping, found "
                    + (value == null ? "nothing" : "'" + value + "'"));
        return (Map<String, Object>) value;
    }

    private static void requireKeys(YamlTree tree, String source, String entry, Map<String, Object> map,
                                    Set<String> allowed, Set<String> required) {
        for (String key : map.keySet())
            if (!allowed.contains(key))
                throw new YamlException(source, tree.line(map, key), entry, key, "unknown key; expected "
                        + String.join(", ", allowed.stream().sorted().toList()));
        for (String key : required)
            if (!map.containsKey(key))
                throw new YamlException(source, 0, entry, key, "missing");
    }

    /** The file's text: a header saying what it is, then each version. */
    public String text() {
        StringBuilder out = new StringBuilder()
                .append("# The recorded messages of this project, one version after another (Celerity's user guide,\n")
                .append("# \"Message versions\"). The build adds a version when they change compatibly and fails when they\n")
                .append("# do not; -Dcelerity.schema.break=\"why\" records a deliberate break. Commit this file with the code.\n")
                .append("compatibility: ").append(required).append('\n')
                .append("versions:\n");
        for (MessageSchema v : versions) {
            out.append("  ").append(v.version()).append(":\n");
            if (v.breakReason() != null)
                out.append("    break: ").append(quoted(v.breakReason())).append('\n');
            out.append("    interfaces:\n");
            v.interfaces().forEach((iface, events) -> {
                out.append("      ").append(quoted(iface)).append(":\n");
                events.forEach((event, type) -> out.append("        ").append(quoted(event)).append(": ")
                        .append(quoted(type)).append('\n'));
            });
            out.append("    dtos:\n");
            v.dtos().forEach((dto, shape) -> {
                out.append("      ").append(quoted(dto)).append(":\n");
                out.append("        kind: ").append(shape.kind().text()).append('\n');
                if (shape.kind() == DtoShape.Kind.ENUM) {
                    out.append("        constants: ").append(String.join(" ", shape.constants())).append('\n');
                } else if (!shape.fields().isEmpty()) {
                    out.append("        fields:\n");
                    shape.fields().forEach((field, type) -> out.append("          ").append(quoted(field))
                            .append(": ").append(quoted(type)).append('\n'));
                }
            });
        }
        return out.toString();
    }

    /** Writes {@link #text()} to {@code file}. */
    public void write(Path file) throws IOException {
        Files.writeString(file, text());
    }

    private static String quoted(String text) {
        return PLAIN.matcher(text).matches() && !text.endsWith(" ") ? text
                : '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
