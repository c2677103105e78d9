package io.celerity.internal.schema;

import io.celerity.internal.component.MessageTypes;
import io.celerity.internal.dispatch.AllowedTypes;
import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Reads every document of a queue with the current classes and says, for the first document of each kind, where it
 * does not read back the same: each event decoded with its interface's message type, written again, and every value
 * the stored event holds (read without classes) must be in what was written again (a binary DTO's bytes may only
 * gain appended fields). An event no interface declares is reported too.
 */
public final class QueueVerification {

    private final Map<String, Class<?>> messageTypes = new HashMap<>();
    private final Wire scratch = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));
    private final VanillaMessageHistory history = new VanillaMessageHistory();
    private final Map<String, Problem> problems = new LinkedHashMap<>();
    private final RawBytes raw = new RawBytes();
    private final Map<String, Long> readTheSame = new HashMap<>();
    private final AllowedTypes allowedTypes; // as a service's input: a type tag names a declared class, or nothing
    private long documents;
    private long events;

    /**
     * The first document of one kind of problem, and how many documents had it.
     *
     * @param index the first one's queue index
     * @param what  what went wrong there
     */
    public record Problem(long index, String what, long count) {
    }

    /**
     * The outcome: documents and events read, the problems by kind ({@code event: rule}), and per event name how many
     * read back the same.
     */
    public record Result(long documents, long events, Map<String, Problem> problems, Map<String, Long> readTheSame) {
        public boolean readsTheSame() {
            return problems.isEmpty();
        }
    }

    /** @param interfaces the event interfaces of the queue, as the current code declares them */
    public QueueVerification(List<Class<?>> interfaces) {
        for (Class<?> iface : interfaces)
            for (Method m : iface.getMethods())
                if (Modifier.isAbstract(m.getModifiers()) && m.getParameterCount() == 1)
                    messageTypes.put(m.getName(), m.getParameterTypes()[0]);
        history.addSourceDetails(false);
        allowedTypes = new AllowedTypes(MessageTypes.declaredBy(interfaces));
        allowedTypes.applyTo(scratch);
    }

    /** Reads from where {@code tailer} is to the end. */
    public Result verify(ExcerptTailer tailer) {
        while (true) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    break;
                documents++;
                verify(dc.index(), dc.wire());
            }
        }
        return new Result(documents, events, Map.copyOf(problems), Map.copyOf(readTheSame));
    }

    private void verify(long index, Wire wire) {
        allowedTypes.applyTo(wire);
        Bytes<?> bytes = wire.bytes();
        long start = bytes.readPosition();
        try {
            if (!RecordedHistory.read(wire, history))
                bytes.readPosition(start);
        } catch (RuntimeException notAHistory) {
            bytes.readPosition(start);
        }
        StringBuilder name = new StringBuilder();
        while (bytes.readRemaining() > 0) {
            ValueIn in = wire.readEventName(name);
            String event = name.toString();
            long valueStart = bytes.readPosition();
            in.skipValue();
            long valueEnd = bytes.readPosition();
            if (event.equals("heartbeat"))
                continue; // the framework's: an idle writer's sign of life
            events++;
            Class<?> type = messageTypes.get(event);
            if (type == null) {
                problem(event + ": unknown-event", index, "event '" + event + "' is in no interface of the current "
                        + "code: it would be skipped");
                continue;
            }
            String difference;
            try {
                boolean binary = SchemaOfClasses.isBinary(type);
                bytes.readPosition(valueStart);
                Object stored = binary ? raw.read(wire.getValueIn()) : wire.getValueIn().object();
                bytes.readPosition(valueStart);
                Object read = wire.getValueIn().object(type);
                scratch.clear();
                scratch.write(event).object(type, read);
                ValueIn again = scratch.read(event);
                difference = difference("", stored, binary ? raw.read(again) : again.object());
            } catch (RuntimeException e) {
                difference = "does not read: " + e;
            }
            if (allowedTypes.takeRejection())
                difference = "names type '" + allowedTypes.rejectedName() + "', which its interfaces do not declare";
            bytes.readPosition(valueEnd);
            if (difference == null)
                readTheSame.merge(event, 1L, Long::sum);
            else if (difference.startsWith("names type"))
                problem(event + ": undeclared-type", index, "event '" + event + "' " + difference);
            else
                problem(event + ": " + (difference.startsWith("does not read") ? "unreadable" : "reads-differently"),
                        index, "event '" + event + "' (" + type.getName() + ") " + difference);
        }
    }

    /** Where {@code again} lacks or changes a value of {@code stored}; {@code null} when it holds them all. */
    private static String difference(String path, Object stored, Object again) {
        if (stored instanceof Map<?, ?> fields) {
            if (!(again instanceof Map<?, ?> againFields))
                return "field '" + path + "' was " + stored + ", reads back as " + again;
            for (Map.Entry<?, ?> f : fields.entrySet()) {
                String at = path.isEmpty() ? String.valueOf(f.getKey()) : path + "." + f.getKey();
                if (!againFields.containsKey(f.getKey()))
                    return "field '" + at + "' was " + f.getValue() + ", and is dropped";
                String d = difference(at, f.getValue(), againFields.get(f.getKey()));
                if (d != null)
                    return d;
            }
            return null;
        }
        if (stored instanceof List<?> bytes && again instanceof List<?> againBytes) {
            int at = 0;
            while (at < bytes.size() && at < againBytes.size() && bytes.get(at).equals(againBytes.get(at)))
                at++;
            return at == bytes.size() ? null : (path.isEmpty() ? "its " : "field '" + path + "': its ") + bytes.size()
                    + " stored bytes read back as " + againBytes.size() + ", the first difference at byte " + at;
        }
        if (stored instanceof Number a && again instanceof Number b && a.doubleValue() == b.doubleValue())
            return null;
        return Objects.equals(String.valueOf(stored), String.valueOf(again)) ? null
                : "field '" + path + "' was " + stored + ", reads back as " + again;
    }

    /** A binary DTO's bytes as stored, as a list of byte values: what its class's readMarshallable is given. */
    private static final class RawBytes extends BytesInBinaryMarshallable {
        private final List<Integer> values = new ArrayList<>();

        List<Integer> read(ValueIn in) {
            values.clear();
            in.object(this, RawBytes.class);
            return new ArrayList<>(values);
        }

        @Override
        public void readMarshallable(BytesIn<?> in) {
            while (in.readRemaining() > 0)
                values.add((int) in.readByte());
        }
    }

    private void problem(String kind, long index, String what) {
        problems.merge(kind, new Problem(index, what, 1), (first, next) -> new Problem(first.index(), first.what(),
                first.count() + 1));
    }
}
