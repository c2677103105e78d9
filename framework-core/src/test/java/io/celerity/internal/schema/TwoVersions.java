package io.celerity.internal.schema;

import io.celerity.api.AppendedFields;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.Marshallable;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WriteMarshallable;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Two versions of the same classes, compiled at test time into class loaders of their own (as an old and a new
 * release of an application are), which write and read real queues.
 */
final class TwoVersions {

    private final ClassLoader v1;
    private final ClassLoader v2;

    private TwoVersions(ClassLoader v1, ClassLoader v2) {
        this.v1 = v1;
        this.v2 = v2;
    }

    /** Compiles every case's first and second version (two javac runs in all). */
    static TwoVersions compile(Path dir, List<DtoSource> first, List<DtoSource> second) {
        return new TwoVersions(compile(dir.resolve("v1"), first), compile(dir.resolve("v2"), second));
    }

    Class<?> first(String name) {
        return load(v1, name);
    }

    Class<?> second(String name) {
        return load(v2, name);
    }

    private static Class<?> load(ClassLoader loader, String name) {
        try {
            return Class.forName(name, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }

    private static ClassLoader compile(Path dir, List<DtoSource> sources) {
        try {
            Path src = dir.resolve("src"), classes = dir.resolve("classes");
            List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", classPath(),
                    "-proc:none", "-nowarn"));
            for (DtoSource s : sources)
                for (String[] file : s.files()) {
                    Path path = src.resolve(file[0]);
                    Files.createDirectories(path.getParent());
                    Files.writeString(path, file[1]);
                    args.add(path.toString());
                }
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            if (javac.run(null, null, null, args.toArray(String[]::new)) != 0)
                throw new IllegalStateException("javac failed on " + src);
            return new URLClassLoader(new URL[]{classes.toUri().toURL()}, TwoVersions.class.getClassLoader());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String classPath() {
        List<String> entries = new ArrayList<>();
        for (Class<?> c : List.of(Marshallable.class, Bytes.class, Jvm.class, AppendedFields.class))
            entries.add(Path.of(c.getProtectionDomain().getCodeSource().getLocation().getPath()).toString());
        return String.join(java.io.File.pathSeparator, entries);
    }

    /** Writes one event of {@code writer}'s interface, its DTO filled by {@link #valueFor}, to a new queue in {@code dir}. */
    static void write(Path dir, Class<?> orders, String event) throws Exception {
        Class<?> orderType = orders.getMethods()[0].getParameterTypes()[0];
        Object order = orderType.getConstructor().newInstance();
        for (Field f : SchemaOfClasses.wireFields(orderType))
            f.set(order, valueFor(f));
        // Through the wire as a generated method writer writes (Chronicle would compile one with the class path of
        // the test, where neither version's classes are).
        try (ChronicleQueue queue = ChronicleQueue.singleBuilder(dir).build();
             DocumentContext dc = queue.createAppender().writingDocument()) {
            dc.wire().writeEventName(event).marshallable((WriteMarshallable) order);
        }
    }

    /**
     * Reads the queue in {@code dir} with {@code orders}' classes.
     *
     * @return the fields of the one DTO read, each as its value (an enum as its name); {@code null} when none was
     * read or reading failed
     */
    static Map<String, Object> read(Path dir, Class<?> orders) {
        Method event = orders.getMethods()[0];
        List<Map<String, Object>> read = new ArrayList<>();
        // As a generated method reader reads: each event by name, an unknown one skipped.
        try (ChronicleQueue queue = ChronicleQueue.singleBuilder(dir).readOnly(true).build();
             DocumentContext dc = queue.createTailer().readingDocument()) {
            Wire wire = dc.wire();
            while (wire != null && wire.hasMore()) {
                StringBuilder name = new StringBuilder();
                ValueIn in = wire.readEventName(name);
                if (name.toString().equals(event.getName()))
                    read.add(fieldsOf(in.object(event.getParameterTypes()[0])));
                else
                    in.skipValue();
            }
        } catch (RuntimeException | ReflectiveOperationException failed) {
            return null;
        }
        return read.size() == 1 ? read.get(0) : null;
    }

    /** Whether {@code read} holds the value {@link #valueFor} gives each field of {@code written}'s DTO it has. */
    static boolean readsTheSame(Map<String, Object> read, Class<?> written) {
        if (read == null)
            return false;
        Class<?> orderType = written.getMethods()[0].getParameterTypes()[0];
        for (Field f : SchemaOfClasses.wireFields(orderType))
            if (read.containsKey(f.getName()) && !String.valueOf(read.get(f.getName())).equals(typed(f, valueFor(f))))
                return false;
        return true;
    }

    /** A value of its own for each field, the same in both versions for a field of the same name; an enum's last constant. */
    static Object valueFor(Field f) {
        int k = 1000 + (f.getName().hashCode() & 0xff);
        Class<?> t = f.getType();
        if (t == long.class) return (long) k;
        if (t == int.class) return k;
        if (t == double.class) return k + 0.25;
        if (t == String.class) return f.getName() + "-text";
        if (t.isEnum()) return t.getEnumConstants()[t.getEnumConstants().length - 1];
        throw new IllegalArgumentException(t.getName());
    }

    private static Map<String, Object> fieldsOf(Object dto) throws IllegalAccessException {
        Map<String, Object> fields = new HashMap<>();
        for (Field f : SchemaOfClasses.wireFields(dto.getClass()))
            fields.put(f.getName(), typed(f, f.get(dto)));
        return fields;
    }

    /** A value with its type, so that a long 5 read into a String field "5" is not the same. */
    private static String typed(Field f, Object value) {
        return f.getType().getSimpleName() + ":" + (value instanceof Enum<?> e ? e.name() : value);
    }
}
