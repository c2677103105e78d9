package io.celerity.internal.component;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.util.ObjectUtils;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
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
                throw new InvalidSetting(key, "unknown setting '" + key + "'; expected one of " + fields.keySet()
                        + " (fields of " + type.getName() + ")");
            String expected = expectedShape(fieldType, value);
            if (expected != null)
                throw new InvalidSetting(key, "setting '" + key + "' is " + describe(value) + ", which does not fit "
                        + fieldType.getSimpleName() + "; expected " + expected);
        });
        try {
            return read(type, values);
        } catch (RuntimeException e) {
            // Chronicle's message names its parser's state; find the setting it stumbled on instead.
            for (Map.Entry<String, Object> v : values.entrySet()) {
                try {
                    read(type, Map.of(v.getKey(), v.getValue()));
                } catch (RuntimeException one) {
                    throw new InvalidSetting(v.getKey(), "setting '" + v.getKey() + "' is " + describe(v.getValue())
                            + ", which does not fit " + fields.get(v.getKey()).getSimpleName() + " in " + type.getName(), one);
                }
            }
            throw new IllegalArgumentException("settings do not fit " + type.getName() + ": " + e.getMessage(), e);
        }
    }

    private static Object read(Class<?> type, Map<String, Object> values) {
        Wire wire = WireType.YAML_ONLY.apply(Bytes.allocateElasticOnHeap());
        wire.getValueOut().marshallable(values);
        Object settings = ObjectUtils.newInstance(type);
        wire.getValueIn().object(settings, type);
        return settings;
    }

    /** What a value of {@code fieldType} must look like when {@code value} does not, else null; Chronicle would
     * quietly read a word as 0 or false, a fraction as a whole number, or a mapping as an empty text. */
    private static String expectedShape(Class<?> fieldType, Object value) {
        boolean list = value instanceof List, map = value instanceof Map;
        if (fieldType == boolean.class || fieldType == Boolean.class)
            return value instanceof Boolean ? null : "true or false";
        if (isNumber(fieldType)) {
            if (!(value instanceof Number))
                return "a number";
            boolean whole = fieldType != double.class && fieldType != float.class && fieldType != Double.class
                    && fieldType != Float.class && !BigDecimal.class.isAssignableFrom(fieldType);
            double d = ((Number) value).doubleValue();
            return whole && d != Math.rint(d) ? "a whole number" : null;
        }
        if (fieldType.isEnum()) {
            if (list || map)
                return "one of " + List.of(fieldType.getEnumConstants());
            for (Object c : fieldType.getEnumConstants())
                if (((Enum<?>) c).name().equals(String.valueOf(value)))
                    return null;
            return "one of " + List.of(fieldType.getEnumConstants());
        }
        if (CharSequence.class.isAssignableFrom(fieldType) || fieldType == char.class || fieldType == Character.class)
            return list || map ? "a single value" : null;
        if (Collection.class.isAssignableFrom(fieldType) || fieldType.isArray())
            return list ? null : "a list such as [ a, b ]";
        if (Map.class.isAssignableFrom(fieldType))
            return map ? null : "a mapping such as { key: value }";
        return list ? "a mapping of its fields, or a single value" : null;
    }

    private static String describe(Object value) {
        return value instanceof List ? "a list " + value : value instanceof Map ? "a mapping " + value : "'" + value + "'";
    }

    /** A setting that does not fit the settings class, naming the setting. */
    public static final class InvalidSetting extends IllegalArgumentException {
        private final String setting;

        InvalidSetting(String setting, String message) {
            super(message);
            this.setting = setting;
        }

        InvalidSetting(String setting, String message, Throwable cause) {
            super(message, cause);
            this.setting = setting;
        }

        /** The setting's name, e.g. {@code maxQuantity}. */
        public String setting() {
            return setting;
        }
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
