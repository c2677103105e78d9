package io.celerity.internal.schema;

import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.core.util.ObjectUtils;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Probe instances of a binary DTO: {@link #base()} with a value in every field it can set (nested DTOs' too), and for
 * each such field an instance that differs from the base in that field only. A write of {@code writeMarshallable}
 * that changes between the base and a field's instance is that field's, whatever its type or encoding.
 */
final class ProbeValues {

    private final Class<?> type;
    private final List<String> fields = new ArrayList<>();

    private ProbeValues(Class<?> type) {
        this.type = type;
        collect(type, "");
    }

    static ProbeValues of(Class<?> type) {
        return new ProbeValues(type);
    }

    /** The fields it can change one at a time, as paths ({@code leg.price} inside a nested DTO). */
    List<String> fields() {
        return fields;
    }

    /** An instance with every settable field filled, the same each time. */
    Object base() {
        Object instance = ObjectUtils.newInstance(type);
        fill(instance, new int[]{41});
        return instance;
    }

    /** The base with the field at {@code path} changed. */
    Object changed(String path) {
        Object root = base();
        Object target = root;
        String[] parts = path.split("\\.");
        try {
            for (int i = 0; i < parts.length - 1; i++)
                target = field(target.getClass(), parts[i]).get(target);
            Field f = field(target.getClass(), parts[parts.length - 1]);
            f.set(target, other(f.getType(), f.get(target)));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + "." + path + " cannot be set for the layout probe", e);
        }
        return root;
    }

    private void collect(Class<?> c, String prefix) {
        for (Field f : SchemaOfClasses.wireFields(c)) {
            if (!settable(f))
                continue;
            if (isNestedDto(f.getType()))
                collect(f.getType(), prefix + f.getName() + ".");
            else if (other(f.getType(), initial(f.getType(), 0)) != null)
                fields.add(prefix + f.getName());
        }
    }

    private void fill(Object target, int[] next) {
        for (Field f : SchemaOfClasses.wireFields(target.getClass())) {
            if (!settable(f))
                continue;
            try {
                Object current = f.get(target);
                if (isNestedDto(f.getType())) {
                    Object nested = current != null ? current : ObjectUtils.newInstance(f.getType());
                    fill(nested, next);
                    f.set(target, nested);
                } else {
                    Object value = initial(f.getType(), next[0]++);
                    if (value != null)
                        f.set(target, value);
                }
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(f + " cannot be set for the layout probe", e);
            }
        }
    }

    private static boolean settable(Field f) {
        if (Modifier.isFinal(f.getModifiers()))
            return false;
        f.setAccessible(true);
        return true;
    }

    private static boolean isNestedDto(Class<?> t) {
        return BytesMarshallable.class.isAssignableFrom(t) && !Modifier.isAbstract(t.getModifiers()) && !t.isInterface();
    }

    private static Field field(Class<?> c, String name) {
        for (Field f : SchemaOfClasses.wireFields(c))
            if (f.getName().equals(name)) {
                f.setAccessible(true);
                return f;
            }
        throw new IllegalStateException(c.getName() + " has no field " + name);
    }

    /** The base value of a field of type {@code t}, the {@code k}-th filled; null for a type it leaves alone. */
    private static Object initial(Class<?> t, int k) {
        Class<?> w = t.isPrimitive() ? ObjectUtils.primToWrapper(t) : t;
        if (w == Long.class) return (long) k;
        if (w == Integer.class) return k;
        if (w == Short.class) return (short) k;
        if (w == Byte.class) return (byte) k;
        if (w == Character.class) return (char) ('A' + k % 26);
        if (w == Double.class) return k + 0.5;
        if (w == Float.class) return k + 0.5f;
        if (w == Boolean.class) return false;
        if (w == String.class) return "probe" + k;
        if (w == StringBuilder.class) return new StringBuilder("probe" + k);
        if (w.isEnum() && w.getEnumConstants().length > 0) return w.getEnumConstants()[0];
        return null;
    }

    /** A value other than {@code v} for a field of type {@code t}; null when there is none to give. */
    private static Object other(Class<?> t, Object v) {
        Class<?> w = t.isPrimitive() ? ObjectUtils.primToWrapper(t) : t;
        if (v == null) return null;
        if (w == Long.class) return (long) v + 1;
        if (w == Integer.class) return (int) v + 1;
        if (w == Short.class) return (short) ((short) v + 1);
        if (w == Byte.class) return (byte) ((byte) v + 1);
        if (w == Character.class) return (char) ((char) v + 1);
        if (w == Double.class) return (double) v + 1;
        if (w == Float.class) return (float) v + 1;
        if (w == Boolean.class) return !(boolean) v;
        if (w == String.class) return v + "x";
        if (w == StringBuilder.class) return new StringBuilder(v + "x");
        if (w.isEnum() && w.getEnumConstants().length > 1) return w.getEnumConstants()[1];
        return null;
    }
}
