package io.celerity.cli;

import io.celerity.internal.events.EventText;
import io.celerity.internal.events.YamlEventFile;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.wire.TextWire;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.util.List;
import java.util.Map;

/**
 * Whether an event's argument survived its trip into the DTO: Chronicle ignores a key that is no field and reads
 * text where a number belongs as 0, silently, so {@code send} reads each written event back and compares.
 */
final class ArgumentCheck {

    private final Bytes<?> text = Bytes.allocateElasticOnHeap();
    private final MethodReader back;

    /** @param written where the events are written, one document each, read back from here */
    ArgumentCheck(Wire written, List<Class<?>> interfaces) {
        Wire textWire = WireType.TEXT.apply(text);
        ((TextWire) textWire).useTextDocuments();
        VanillaMethodWriterBuilder<?> builder = (VanillaMethodWriterBuilder<?>) textWire.methodWriterBuilder(
                interfaces.get(0));
        interfaces.subList(1, interfaces.size()).forEach(builder::addInterface);
        back = written.methodReader(builder.build());
    }

    /** The generated reader it uses, whose class names its writer's too (for {@link CliCode}). */
    Class<?> generated() {
        return back.getClass();
    }

    /** The first difference between what {@code e} gave and what was written, or null. */
    String problem(EventText e) {
        text.clear();
        back.readOne();
        Object written;
        try {
            List<EventText> again = YamlEventFile.parse("written", text.toString());
            if (again.size() != 1)
                return null;
            written = again.get(0).argument();
        } catch (RuntimeException unreadable) {
            return null; // nothing to compare with: the write itself was checked
        }
        return compare("", e.argument(), written);
    }

    private static String compare(String key, Object given, Object written) {
        if (given instanceof Map<?, ?> g) {
            if (!(written instanceof Map<?, ?> w))
                return "key '" + key + "': a map given where the field holds a single value";
            for (Map.Entry<?, ?> entry : g.entrySet()) {
                String inner = key.isEmpty() ? String.valueOf(entry.getKey()) : key + "." + entry.getKey();
                if (!w.containsKey(entry.getKey()))
                    return "key '" + inner + "' is not a field; expected one of " + w.keySet();
                String problem = compare(inner, entry.getValue(), w.get(entry.getKey()));
                if (problem != null)
                    return problem;
            }
        } else if (given instanceof List && !(written instanceof List)) {
            return "key '" + key + "': a list given where the field holds a single value";
        } else if (given instanceof String s && written instanceof Number n && !isNumber(s)) {
            return "key '" + key + "': '" + s + "' is not a number (it would be written as " + n + ")";
        }
        return null;
    }

    private static boolean isNumber(String s) {
        try {
            Double.parseDouble(s.trim());
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
