package io.celerity.config;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.util.ObjectUtils;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.TreeMap;

/** Turns the {@code settings} of a service into the settings object its constructor takes. */
public final class SettingsBinder {

    private SettingsBinder() {
    }

    /**
     * Builds a {@code type} instance with the given field values.
     *
     * @throws IllegalArgumentException naming the unknown field or the value that does not fit
     */
    public static Object bind(Class<?> type, Map<String, Object> values) {
        Map<String, Class<?>> fields = fieldTypes(type);
        values.forEach((key, value) -> {
            Class<?> fieldType = fields.get(key);
            if (fieldType == null)
                throw new IllegalArgumentException("unknown setting '" + key + "'; expected one of " + fields.keySet()
                        + " (fields of " + type.getName() + ")");
            // Chronicle would quietly read a word as 0 for a number field.
            if (isNumber(fieldType) && !(value instanceof Number))
                throw new IllegalArgumentException("setting '" + key + "' is '" + value + "', which does not fit "
                        + fieldType.getSimpleName() + "; expected a number");
        });
        Wire wire = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
        wire.getValueOut().marshallable(values);
        Object settings = ObjectUtils.newInstance(type);
        try {
            wire.getValueIn().object(settings, type);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("settings do not fit " + type.getName() + ": " + e.getMessage(), e);
        }
        return settings;
    }

    private static Map<String, Class<?>> fieldTypes(Class<?> type) {
        Map<String, Class<?>> fields = new TreeMap<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass())
            for (Field f : c.getDeclaredFields())
                if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
                    fields.put(f.getName(), f.getType());
        return fields;
    }

    private static boolean isNumber(Class<?> t) {
        return (t.isPrimitive() && t != boolean.class && t != char.class) || Number.class.isAssignableFrom(t);
    }
}
