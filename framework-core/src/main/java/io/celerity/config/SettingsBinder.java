package io.celerity.config;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.util.ObjectUtils;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

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
        Set<String> fields = fieldNames(type);
        for (String key : values.keySet())
            if (!fields.contains(key))
                throw new IllegalArgumentException("unknown setting '" + key + "'; expected one of " + fields
                        + " (fields of " + type.getName() + ")");
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

    private static Set<String> fieldNames(Class<?> type) {
        Set<String> names = new TreeSet<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass())
            for (Field f : c.getDeclaredFields())
                if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
                    names.add(f.getName());
        return names;
    }
}
