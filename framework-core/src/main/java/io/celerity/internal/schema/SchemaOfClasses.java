package io.celerity.internal.schema;

import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.bytes.CommonMarshallable;
import net.openhft.chronicle.core.util.ObjectUtils;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.Marshallable;

import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/** Reads the {@link MessageSchema} of event interfaces from their classes: their events, DTOs, nested DTOs and enums. */
public final class SchemaOfClasses {

    private static final Set<String> TEXT = Set.of("java.lang.String", "java.lang.CharSequence",
            "java.lang.StringBuilder", "net.openhft.chronicle.bytes.Bytes");

    private final SortedMap<String, SortedMap<String, String>> interfaces = new TreeMap<>();
    private final SortedMap<String, DtoShape> dtos = new TreeMap<>();
    private final Map<String, Class<?>> classes = new TreeMap<>();
    private final Deque<Class<?>> pending = new ArrayDeque<>();

    private SchemaOfClasses() {
    }

    /**
     * The messages of {@code eventInterfaces} as version {@code version}, with the classes of their DTOs.
     *
     * @throws UnclassifiableType when an event's or a field's type is none the check can classify
     */
    public static Read of(int version, Collection<Class<?>> eventInterfaces) {
        SchemaOfClasses reader = new SchemaOfClasses();
        eventInterfaces.forEach(reader::readInterface);
        while (!reader.pending.isEmpty())
            reader.readType(reader.pending.pop());
        return new Read(new MessageSchema(version, null, reader.interfaces, reader.dtos), reader.classes);
    }

    /**
     * A schema with the classes it was read from.
     *
     * @param classes message type name to its class
     */
    public record Read(MessageSchema schema, Map<String, Class<?>> classes) {
    }

    /** A message type whose wire form the check cannot tell: named with where it is used, and what would do. */
    public static final class UnclassifiableType extends IllegalArgumentException {
        UnclassifiableType(String where, Type type) {
            super(where + ": " + type.getTypeName() + " is no type whose wire form the schema check can tell (an "
                    + "interface, an abstract class or Object: it depends on the class of each message); expected a "
                    + "concrete class (a Chronicle Wire marshallable), an enum, text, a number, a boolean or a JDK value; "
                    + "or build with -Dcelerity.schema.skip=true");
        }
    }

    private void readInterface(Class<?> iface) {
        if (interfaces.containsKey(iface.getName()))
            return;
        SortedMap<String, String> events = new TreeMap<>();
        interfaces.put(iface.getName(), events);
        for (Method m : iface.getMethods()) {
            if (!Modifier.isAbstract(m.getModifiers()))
                continue;
            String where = iface.getName() + "." + m.getName();
            String argument = m.getParameterCount() == 0 ? "none" : typeName(where, m.getGenericParameterTypes()[0]);
            // A chained event (out.to(key).placed(order)): its argument, then the interface whose events follow.
            if (m.getReturnType() != void.class) {
                readInterface(m.getReturnType());
                argument += " then " + m.getReturnType().getName();
            }
            events.put(m.getName(), argument);
        }
    }

    private void readType(Class<?> type) {
        if (dtos.containsKey(type.getName()))
            return;
        if (type.isEnum()) {
            dtos.put(type.getName(), DtoShape.ofEnum(Arrays.stream(type.getEnumConstants())
                    .map(c -> ((Enum<?>) c).name()).toList()));
        } else if (isBinary(type)) {
            dtos.put(type.getName(), DtoShape.ofFields(DtoShape.Kind.BINARY, BinaryLayout.of(type).fields()));
            // Its enums' constants matter too: a binary DTO usually writes an enum as its ordinal.
            for (Field f : wireFields(type))
                if (f.getType().isEnum())
                    typeName(type.getName() + "." + f.getName(), f.getType());
        } else {
            Map<String, String> fields = new LinkedHashMap<>();
            for (Field f : wireFields(type))
                fields.put(f.getName(), typeName(type.getName() + "." + f.getName(), f.getGenericType()) + conversion(f));
            dtos.put(type.getName(), DtoShape.ofFields(DtoShape.Kind.SELF_DESCRIBING, fields));
        }
        classes.put(type.getName(), type);
    }

    /** The name of a type as the schema records it, queueing the message types it names to be read. */
    private String typeName(String where, Type type) {
        if (type instanceof Class<?> c) {
            if (c.isPrimitive())
                return c.getName();
            if (TEXT.contains(c.getName()))
                return "text";
            if (c.isArray())
                return typeName(where, c.getComponentType()) + "[]";
            if (c.getName().startsWith("java.lang.") && (Number.class.isAssignableFrom(c) || c == Boolean.class
                    || c == Character.class))
                return c.getSimpleName();
            if (c.getName().startsWith("java.") && !Collection.class.isAssignableFrom(c)
                    && !Map.class.isAssignableFrom(c) && c != Object.class)
                return c.getName(); // a JDK value (java.time, UUID, BigDecimal): Chronicle Wire's own form
            boolean polymorphic = c.isInterface() || Modifier.isAbstract(c.getModifiers()) || c == Object.class;
            if (c.isEnum() || !polymorphic && (Marshallable.class.isAssignableFrom(c)
                    || BytesMarshallable.class.isAssignableFrom(c) || !c.getName().startsWith("java."))) {
                if (!dtos.containsKey(c.getName()) && !pending.contains(c))
                    pending.add(c);
                return c.getName();
            }
        } else if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
                && (Collection.class.isAssignableFrom(raw) || Map.class.isAssignableFrom(raw))) {
            List<String> arguments = new ArrayList<>();
            for (Type argument : p.getActualTypeArguments())
                arguments.add(typeName(where, argument));
            return raw.getSimpleName() + "<" + String.join(", ", arguments) + ">";
        }
        throw new UnclassifiableType(where, type);
    }

    /** A DTO written by its own {@code writeMarshallable(BytesOut)} rather than field by field by name. */
    static boolean isBinary(Class<?> type) {
        if (!CommonMarshallable.class.isAssignableFrom(type) || type.isInterface()
                || Modifier.isAbstract(type.getModifiers()))
            return false;
        try {
            return !((CommonMarshallable) ObjectUtils.newInstance(type)).usesSelfDescribingMessage();
        } catch (RuntimeException cannotMakeOne) {
            return false;
        }
    }

    /** The fields Chronicle Wire writes, in its order: the superclass's first, then each class's in declaration order. */
    static List<Field> wireFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        if (type.getSuperclass() != null && type.getSuperclass() != Object.class)
            fields.addAll(wireFields(type.getSuperclass()));
        for (Field f : type.getDeclaredFields())
            if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
                fields.add(f);
        return fields;
    }

    /** A long or int shown as text ({@code @LongConversion(Base85.class)}, {@code @NanoTime}): part of its type. */
    private static String conversion(Field f) {
        for (Annotation a : f.getAnnotations()) {
            if (a instanceof LongConversion lc)
                return " @" + lc.value().getSimpleName();
            if (a.annotationType().isAnnotationPresent(LongConversion.class))
                return " @" + a.annotationType().getSimpleName();
        }
        return "";
    }
}
