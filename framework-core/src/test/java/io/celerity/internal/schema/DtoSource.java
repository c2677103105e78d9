package io.celerity.internal.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Java source of one version of a test's messages: an {@code Order} DTO (self-describing or binary, its binary reader
 * and writer following its fields), an optional {@code Side} enum, and an {@code Orders} interface with one event.
 */
final class DtoSource {

    /** A field: its Java type and name; {@code appended}: read only when present (binary). */
    record F(String type, String name, boolean appended) {
    }

    static F f(String type, String name) {
        return new F(type, name, false);
    }

    static F appended(String type, String name) {
        return new F(type, name, true);
    }

    private final String pkg;
    private final boolean binary;
    private final List<F> fields;
    private final List<String> constants;
    private final String event;

    DtoSource(String pkg, boolean binary, List<F> fields, List<String> constants, String event) {
        this.pkg = pkg;
        this.binary = binary;
        this.fields = fields;
        this.constants = constants;
        this.event = event;
    }

    String event() {
        return event;
    }

    /** File path (under a source root) to its text. */
    List<String[]> files() {
        List<String[]> files = new ArrayList<>();
        String dir = pkg.replace('.', '/') + "/";
        files.add(new String[]{dir + "Orders.java", "package " + pkg + ";\npublic interface Orders {\n    void " + event
                + "(Order order);\n}\n"});
        if (!constants.isEmpty())
            files.add(new String[]{dir + "Side.java", "package " + pkg + ";\npublic enum Side { "
                    + String.join(", ", constants) + " }\n"});
        files.add(new String[]{dir + "Order.java", order()});
        return files;
    }

    private String order() {
        StringBuilder s = new StringBuilder("package " + pkg + ";\n");
        s.append("import net.openhft.chronicle.bytes.*;\nimport net.openhft.chronicle.wire.*;\n");
        s.append("public final class Order extends ").append(binary ? "BytesInBinaryMarshallable" : "SelfDescribingMarshallable")
                .append(" {\n");
        for (F f : fields)
            s.append("    public ").append(f.type()).append(' ').append(f.name()).append(";\n");
        if (binary) {
            s.append("    @Override public void writeMarshallable(BytesOut<?> out) {\n");
            for (F f : fields)
                s.append("        ").append(write(f)).append(";\n");
            s.append("    }\n    @Override public void readMarshallable(BytesIn<?> in) {\n");
            for (F f : fields)
                s.append("        ").append(f.name()).append(" = ").append(f.appended()
                        ? "io.celerity.api.AppendedFields.present(in) ? " + read(f) + " : " + zero(f) : read(f)).append(";\n");
            s.append("    }\n");
        }
        return s.append("}\n").toString();
    }

    private static String write(F f) {
        return switch (f.type()) {
            case "long" -> "out.writeLong(" + f.name() + ")";
            case "int" -> "out.writeInt(" + f.name() + ")";
            case "double" -> "out.writeDouble(" + f.name() + ")";
            case "String" -> "out.writeUtf8(" + f.name() + ")";
            case "Side" -> "out.writeByte((byte) " + f.name() + ".ordinal())";
            default -> throw new IllegalArgumentException(f.type());
        };
    }

    private static String read(F f) {
        return switch (f.type()) {
            case "long" -> "in.readLong()";
            case "int" -> "in.readInt()";
            case "double" -> "in.readDouble()";
            case "String" -> "in.readUtf8()";
            case "Side" -> "Side.values()[in.readByte()]";
            default -> throw new IllegalArgumentException(f.type());
        };
    }

    private static String zero(F f) {
        return switch (f.type()) {
            case "String", "Side" -> "null";
            default -> "0";
        };
    }
}
