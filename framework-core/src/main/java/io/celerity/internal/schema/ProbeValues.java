package io.celerity.internal.schema;

import net.openhft.chronicle.bytes.BytesMarshallable;
import net.openhft.chronicle.core.util.ObjectUtils;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A DTO instance whose every field (nested DTOs' too) holds a value no other field holds, so that a value seen on the
 * wire names its field. Numbers get 41, 42... (a double 41.5...), text "probe41"...; booleans and enums cannot be
 * told apart by value, so they are named in field order.
 */
final class ProbeValues {

    private static final int FIRST = 41; // above the ordinals an enum written as a number is likely to have

    private final Object instance;
    private final Map<Object, String> byValue = new HashMap<>();
    private final List<String> booleans = new ArrayList<>();
    private final List<String> enums = new ArrayList<>();
    private final Set<String> enumConstants = new HashSet<>();
    private int next = FIRST;

    private ProbeValues(Object instance) {
        this.instance = instance;
    }

    static ProbeValues of(Class<?> type) {
        ProbeValues probe = new ProbeValues(ObjectUtils.newInstance(type));
        probe.fill(probe.instance, "");
        return probe;
    }

    Object instance() {
        return instance;
    }

    /** The field a written value came from, or {@code ?N} for the N-th write when none holds it. */
    String fieldOf(Object written, int position) {
        String found = null;
        if (written instanceof Boolean)
            found = booleans.isEmpty() ? null : booleans.remove(0);
        else if (written instanceof Enum<?> || written instanceof Number n && n.doubleValue() < FIRST && n.doubleValue() >= 0
                || written instanceof CharSequence cs && enumConstants.contains(cs.toString()))
            found = enums.isEmpty() ? null : enums.remove(0);
        else if (written instanceof Number n)
            found = byValue.get(n.doubleValue());
        else if (written instanceof Character c)
            found = byValue.get((double) c);
        else if (written instanceof CharSequence cs)
            found = byValue.get(cs.toString());
        return found == null ? "?" + (position + 1) : found;
    }

    private void fill(Object target, String prefix) {
        for (Field f : SchemaOfClasses.wireFields(target.getClass())) {
            if (Modifier.isFinal(f.getModifiers()) && f.getType().isPrimitive())
                continue;
            f.setAccessible(true);
            String name = prefix + f.getName();
            try {
                Object value = valueFor(f.getType(), name, f.get(target));
                if (value != null)
                    f.set(target, value);
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(name + " cannot be set for the layout probe", e);
            }
        }
    }

    private Object valueFor(Class<?> type, String name, Object current) {
        int k = next++;
        Class<?> t = type.isPrimitive() ? ObjectUtils.primToWrapper(type) : type;
        Object value = null;
        if (t == Long.class) value = (long) k;
        else if (t == Integer.class) value = k;
        else if (t == Short.class) value = (short) k;
        else if (t == Byte.class) value = (byte) k;
        else if (t == Character.class) value = (char) k;
        else if (t == Double.class) value = k + 0.5;
        else if (t == Float.class) value = k + 0.5f;
        else if (t == Boolean.class) {
            booleans.add(name);
            return true;
        } else if (t == String.class) value = "probe" + k;
        else if (t.isEnum() && t.getEnumConstants().length > 0) {
            Enum<?> constant = (Enum<?>) t.getEnumConstants()[0];
            enums.add(name);
            enumConstants.add(constant.name());
            return constant;
        } else if (BytesMarshallable.class.isAssignableFrom(t) && !Modifier.isAbstract(t.getModifiers())) {
            Object nested = current != null ? current : ObjectUtils.newInstance(t);
            fill(nested, name + ".");
            return nested;
        }
        if (value != null)
            byValue.put(value instanceof Number n ? (Object) n.doubleValue() : value instanceof Character c
                    ? (Object) (double) c : value, name);
        return value;
    }
}
