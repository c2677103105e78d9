package io.celerity.internal.schema;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How one message type lies on the wire.
 *
 * @param kind      how it is encoded
 * @param fields    for a DTO, its fields in wire order, each with its type: for a self-describing DTO the Java type,
 *                  for a binary one what its {@code writeMarshallable} writes (e.g. {@code long}, {@code stopBit(long)})
 * @param constants for an enum, its constants in order
 */
public record DtoShape(Kind kind, Map<String, String> fields, List<String> constants) {

    /** How a message type is encoded. */
    public enum Kind {
        /** Fields by name (Chronicle's self-describing marshallables): read by name, defaults for missing fields. */
        SELF_DESCRIBING("self-describing"),
        /** Fields by position, as its {@code writeMarshallable(BytesOut)} writes them. */
        BINARY("binary"),
        /** Constants, by name in a self-describing DTO and usually by ordinal in a binary one. */
        ENUM("enum");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** The word in the schema file. */
        public String text() {
            return text;
        }

        /** The kind whose word is {@code text}, or {@code null}. */
        public static Kind of(String text) {
            for (Kind k : values())
                if (k.text.equals(text))
                    return k;
            return null;
        }
    }

    public DtoShape {
        fields = new LinkedHashMap<>(fields);
        constants = List.copyOf(constants);
    }

    /** Equal when of the same kind, with the same fields in the same order (a map's equality ignores order). */
    @Override
    public boolean equals(Object o) {
        return o instanceof DtoShape other && kind == other.kind && constants.equals(other.constants)
                && List.copyOf(fields.entrySet()).equals(List.copyOf(other.fields.entrySet()));
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, List.copyOf(fields.entrySet()), constants);
    }

    static DtoShape ofFields(Kind kind, Map<String, String> fields) {
        return new DtoShape(kind, fields, List.of());
    }

    static DtoShape ofEnum(List<String> constants) {
        return new DtoShape(Kind.ENUM, Map.of(), constants);
    }
}
