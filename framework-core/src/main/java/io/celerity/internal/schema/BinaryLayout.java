package io.celerity.internal.schema;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.core.util.ObjectUtils;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a binary DTO's {@code writeMarshallable(BytesOut)} really writes, call by call: its code is the only truth about
 * its layout. Probe instances ({@link ProbeValues}) are written through a recording {@link BytesOut}: a base, then one
 * per field with that field changed; each call is named after the field whose change changed it.
 */
final class BinaryLayout {

    /** Calls that move or query the write position rather than write. */
    private static final Set<String> NOT_WRITES = Set.of("writePosition", "writeLimit", "writeRemaining",
            "writeSkip", "writePositionRemaining", "writeLimitMax");

    /**
     * One call of {@code writeMarshallable}.
     *
     * @param field    the field whose value it wrote ({@code a.b} inside a nested DTO; {@code a+b} when it wrote both),
     *                 or {@code ?N} for the N-th call when no field's change changes it (a constant, a version byte)
     * @param wireType what it writes: the method without {@code write}, e.g. {@code long}, {@code stopBit(long)}
     * @param end      the number of bytes written once it returned
     */
    record Write(String field, String wireType, long end) {
    }

    private final List<Write> writes;

    private BinaryLayout(List<Write> writes) {
        this.writes = writes;
    }

    static BinaryLayout of(Class<?> type) {
        ProbeValues probe = ProbeValues.of(type);
        List<Call> base = calls(type, probe.base());
        String[] names = new String[base.size()];
        for (String field : probe.fields()) {
            List<Call> changed = calls(type, probe.changed(field));
            for (int i = 0; i < Math.min(base.size(), changed.size()); i++)
                if (!base.get(i).args().equals(changed.get(i).args()))
                    names[i] = names[i] == null ? field : names[i] + "+" + field; // e.g. two flags in one byte
        }
        List<Write> writes = new ArrayList<>();
        for (int i = 0; i < base.size(); i++)
            writes.add(new Write(names[i] == null ? "?" + (i + 1) : names[i], base.get(i).wireType(), base.get(i).end()));
        return new BinaryLayout(writes);
    }

    /** One call on the recording {@code BytesOut}: what it writes, its arguments (text as a String), where it ended. */
    private record Call(String wireType, List<Object> args, long end) {
    }

    private static List<Call> calls(Class<?> type, Object instance) {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(256);
        List<Call> calls = new ArrayList<>();
        try {
            ((BytesMarshallable) instance).writeMarshallable(recording(bytes, calls));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(type.getName() + ": its writeMarshallable failed on a probe instance ("
                    + e + "), so its layout cannot be read", e);
        } finally {
            bytes.releaseLast();
        }
        return calls;
    }

    /** Field to wire type, in wire order. */
    Map<String, String> fields() {
        Map<String, String> fields = new LinkedHashMap<>();
        for (Write w : writes) {
            String name = w.field();
            for (int n = 2; fields.containsKey(name); n++)
                name = w.field() + "#" + n; // a field written twice (e.g. a length, then its text)
            fields.put(name, w.wireType());
        }
        return fields;
    }

    /**
     * Whether {@code type}'s {@code readMarshallable} reads, without failing and to its end, what an older version wrote:
     * the bytes of its first {@code writeCount} calls only (its appended fields absent).
     */
    static boolean readsOlderData(Class<?> type, int writeCount) {
        BinaryLayout layout = of(type);
        long length = writeCount == 0 ? 0 : layout.writes.get(writeCount - 1).end();
        Bytes<?> written = Bytes.allocateElasticOnHeap(256);
        try {
            ((BytesMarshallable) ProbeValues.of(type).base()).writeMarshallable(written);
            written.readLimit(length);
            BytesMarshallable reader = (BytesMarshallable) ObjectUtils.newInstance(type);
            reader.readMarshallable(written);
            return written.readRemaining() == 0;
        } catch (RuntimeException e) {
            return false;
        } finally {
            written.releaseLast();
        }
    }

    private static BytesOut<?> recording(Bytes<?> bytes, List<Call> calls) {
        Object[] self = new Object[1];
        self[0] = Proxy.newProxyInstance(BinaryLayout.class.getClassLoader(), new Class<?>[]{BytesOut.class},
                (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(bytes, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (isWrite(method, args)) {
                        List<Object> values = new ArrayList<>();
                        for (Object a : args)
                            values.add(a instanceof CharSequence text ? text.toString() : a);
                        calls.add(new Call(wireType(method), values, bytes.writePosition()));
                    }
                    return result == bytes ? self[0] : result;
                });
        return (BytesOut<?>) self[0];
    }

    private static boolean isWrite(Method method, Object[] args) {
        String name = method.getName();
        return args != null && args.length > 0 && (name.startsWith("write") || name.startsWith("append"))
                && !NOT_WRITES.contains(name);
    }

    /** {@code writeLong(long)} is {@code long}; {@code writeStopBit(long)} is {@code stopBit(long)}. */
    private static String wireType(Method method) {
        String name = method.getName().startsWith("write") ? method.getName().substring(5) : method.getName();
        name = Character.toLowerCase(name.charAt(0)) + name.substring(1);
        List<String> parameters = new ArrayList<>();
        for (Class<?> p : method.getParameterTypes())
            parameters.add(p.getSimpleName());
        return parameters.size() == 1 && parameters.get(0).equals(name) ? name
                : name + "(" + String.join(", ", parameters) + ")";
    }
}
