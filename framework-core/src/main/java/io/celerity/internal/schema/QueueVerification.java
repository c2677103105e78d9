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

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads every document of a queue with the current classes and says, for the first document of each kind, where it
 * does not read back the same: each event decoded with its interface's message type and written again. A binary DTO's
 * stored bytes must agree with those written again as far as both go (appended fields in either are no misreading,
 * but stored bytes the class no longer reads are values dropped); a self-describing DTO's values, read without
 * classes, must all be in what is written again (one the class no longer has is a value dropped). A self-describing
 * DTO holding a binary one is only read, as a reader without classes cannot see into the binary. An event no
 * interface declares is reported too.
 */
public final class QueueVerification {

    /** What is wrong with an event. */
    public enum Kind {
        /** No interface of the current code declares it: readers skip it. */
        UNKNOWN_EVENT("unknown-event"),
        /** It names a class its interfaces do not declare: refused as a service would. */
        UNDECLARED_TYPE("undeclared-type"),
        /** Decoding it fails. */
        UNREADABLE("unreadable"),
        /** A value reads back changed: misread. */
        READS_DIFFERENTLY("reads-differently"),
        /** A stored value the current class no longer reads. */
        VALUES_DROPPED("values-dropped");

        private final String text;

        Kind(String text) {
            this.text = text;
        }

        /** Whether the current code misreads the event (rather than skipping it or part of it). */
        public boolean misread() {
            return this == UNREADABLE || this == READS_DIFFERENTLY;
        }

        @Override
        public String toString() {
            return text;
        }
    }

    /**
     * The first document of one kind of problem with one event, and how many had it.
     *
     * @param index the first one's queue index
     * @param what  what went wrong there
     */
    public record Problem(String event, Kind kind, long index, String what, long count) {
    }

    /**
     * The outcome: documents and events read, the problems by {@code event: kind}, and per event how many read back
     * the same.
     */
    public record Result(long documents, long events, Map<String, Problem> problems, Map<String, Long> readTheSame) {
        public boolean readsTheSame() {
            return problems.isEmpty();
        }
    }

    /** How an event's value is checked. */
    private enum Check { BYTES, VALUES, READ_ONLY, NONE }

    private final Map<String, Class<?>> messageTypes = new HashMap<>();
    private final Map<String, Check> checks = new HashMap<>();
    private final Wire scratch = WireType.BINARY_LIGHT.apply(Bytes.allocateElasticOnHeap(512));
    private final VanillaMessageHistory history = new VanillaMessageHistory();
    private final Map<String, Problem> problems = new LinkedHashMap<>();
    private final Map<String, Long> readTheSame = new HashMap<>();
    private final RawBytes raw = new RawBytes();
    private final AllowedTypes allowedTypes; // as a service's input: a type tag names a declared class, or nothing
    private long documents;
    private long events;

    /** @param interfaces the event interfaces of the queue, as the current code declares them */
    public QueueVerification(List<Class<?>> interfaces) {
        for (Class<?> iface : interfaces)
            for (Method m : iface.getMethods()) {
                if (!Modifier.isAbstract(m.getModifiers()))
                    continue;
                boolean oneMessage = m.getParameterCount() == 1 && m.getReturnType() == void.class;
                // a chained, argument-less or several-argument event is known, its value not checked
                checks.putIfAbsent(m.getName(), oneMessage ? checkOf(m.getParameterTypes()[0]) : Check.NONE);
                if (oneMessage)
                    messageTypes.putIfAbsent(m.getName(), m.getParameterTypes()[0]);
            }
        history.addSourceDetails(false);
        allowedTypes = new AllowedTypes(MessageTypes.declaredBy(interfaces));
        allowedTypes.applyTo(scratch);
    }

    private static Check checkOf(Class<?> type) {
        if (SchemaOfClasses.isBinary(type))
            return Check.BYTES;
        return holdsBinary(type, new HashSet<>()) ? Check.READ_ONLY : Check.VALUES;
    }

    private static boolean holdsBinary(Class<?> type, Set<Class<?>> seen) {
        if (type.isPrimitive() || type.getName().startsWith("java.") || !seen.add(type))
            return false;
        for (Field f : SchemaOfClasses.wireFields(type))
            if (SchemaOfClasses.isBinary(f.getType()) || holdsBinary(f.getType(), seen))
                return true;
        return false;
    }

    /** Reads from where {@code tailer} is to the end. */
    public Result verify(ExcerptTailer tailer) {
        while (true) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    break;
                documents++;
                allowedTypes.applyTo(dc.wire());
                verify(dc.index(), dc.wire());
            }
        }
        return new Result(documents, events, Map.copyOf(problems), Map.copyOf(readTheSame));
    }

    private void verify(long index, Wire wire) {
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
            long eventStart = bytes.readPosition();
            long valueStart, valueEnd;
            try {
                ValueIn in = wire.readEventName(name);
                valueStart = bytes.readPosition();
                in.skipValue();
                valueEnd = bytes.readPosition();
            } catch (RuntimeException e) {
                problem("?", Kind.UNREADABLE, index, "the document does not read as events: " + e);
                return;
            }
            if (valueEnd <= eventStart) {
                problem("?", Kind.UNREADABLE, index, "the document does not read as events (no event name)");
                return;
            }
            String event = name.toString();
            if (event.equals("heartbeat"))
                continue; // the framework's: an idle writer's sign of life
            events++;
            check(index, wire, event, valueStart, valueEnd);
            bytes.readPosition(valueEnd);
        }
    }

    private void check(long index, Wire wire, String event, long valueStart, long valueEnd) {
        Check check = checks.get(event);
        if (check == null) {
            problem(event, Kind.UNKNOWN_EVENT, index, "event '" + event + "' is in no interface of the current code: "
                    + "it would be skipped");
            return;
        }
        if (check == Check.NONE)
            return;
        Class<?> type = messageTypes.get(event);
        Bytes<?> bytes = wire.bytes();
        Difference d;
        try {
            bytes.readPosition(valueStart);
            Object stored = check == Check.BYTES ? raw.read(wire.getValueIn())
                    : check == Check.VALUES ? wire.getValueIn().object() : null;
            bytes.readPosition(valueStart);
            Object read = wire.getValueIn().object(type);
            if (check == Check.READ_ONLY) {
                d = null;
            } else {
                scratch.clear();
                scratch.write(event).object(type, read);
                ValueIn again = scratch.read(event);
                d = difference("", stored, check == Check.BYTES ? raw.read(again) : again.object());
            }
        } catch (RuntimeException e) {
            d = new Difference(Kind.UNREADABLE, "does not read: " + e);
        }
        bytes.readPosition(valueEnd);
        if (allowedTypes.takeRejection())
            d = new Difference(Kind.UNDECLARED_TYPE, "names type '" + allowedTypes.rejectedName() + "', which its "
                    + "interfaces do not declare");
        if (d == null)
            readTheSame.merge(event, 1L, Long::sum);
        else
            problem(event, d.kind(), index, "event '" + event + "' (" + type.getName() + ") " + d.what());
    }

    private record Difference(Kind kind, String what) {
    }

    /** Where {@code again} lacks or changes a value of {@code stored}; {@code null} when it holds them all. */
    private static Difference difference(String path, Object stored, Object again) {
        if (stored instanceof Map<?, ?> fields) {
            if (!(again instanceof Map<?, ?> againFields))
                return changed(path, stored, again);
            for (Map.Entry<?, ?> f : fields.entrySet()) {
                String at = path.isEmpty() ? String.valueOf(f.getKey()) : path + "." + f.getKey();
                if (!againFields.containsKey(f.getKey()))
                    return new Difference(Kind.VALUES_DROPPED, "field '" + at + "' was " + f.getValue()
                            + ", and the current class has no such field");
                Difference d = difference(at, f.getValue(), againFields.get(f.getKey()));
                if (d != null)
                    return d;
            }
            return null;
        }
        if (stored instanceof List<?> bytes && again instanceof List<?> againBytes) {
            int at = 0;
            while (at < bytes.size() && at < againBytes.size() && bytes.get(at).equals(againBytes.get(at)))
                at++;
            String what = (path.isEmpty() ? "its " : "field '" + path + "': its ") + bytes.size()
                    + " stored bytes read back as " + againBytes.size();
            if (at == bytes.size())
                return null; // the same, or fields appended since
            return at == againBytes.size() ? new Difference(Kind.VALUES_DROPPED, what + ": the current class does not "
                    + "read the last " + (bytes.size() - at)) : new Difference(Kind.READS_DIFFERENTLY, what
                    + ", the first difference at byte " + at);
        }
        if (stored instanceof Number a && again instanceof Number b && sameNumber(a, b))
            return null;
        return String.valueOf(stored).equals(String.valueOf(again)) ? null : changed(path, stored, again);
    }

    private static Difference changed(String path, Object stored, Object again) {
        return new Difference(Kind.READS_DIFFERENTLY, "field '" + path + "' was " + stored + ", reads back as " + again);
    }

    // Whole numbers exactly (a long above 2^53 is no double); others as doubles.
    private static boolean sameNumber(Number a, Number b) {
        boolean whole = !(a instanceof Double || a instanceof Float) && !(b instanceof Double || b instanceof Float);
        return whole ? a.longValue() == b.longValue() : a.doubleValue() == b.doubleValue();
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

    private void problem(String event, Kind kind, long index, String what) {
        problems.merge(event + ": " + kind, new Problem(event, kind, index, what, 1), (first, next) -> new Problem(
                first.event(), first.kind(), first.index(), first.what(), first.count() + 1));
    }
}
