package io.celerity.internal.encryption;

import io.celerity.api.DataSubject;
import io.celerity.api.PersonalData;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@link PersonalData} fields of a message class and its {@link DataSubject}, found once per class; {@code null}
 * for a class with no personal data.
 */
final class PersonalFields {

    private static final ClassValue<PersonalFields> OF = new ClassValue<>() {
        @Override
        protected PersonalFields computeValue(Class<?> type) {
            return find(type);
        }
    };

    private final Class<?> type;
    private final Field subject;
    private final Field[] personal;
    private final String[] forgotten;

    private PersonalFields(Class<?> type, Field subject, List<Field> personal) {
        this.type = type;
        this.subject = subject;
        this.personal = personal.toArray(Field[]::new);
        this.forgotten = personal.stream().map(f -> f.getAnnotation(PersonalData.class).forgotten())
                .toArray(String[]::new);
    }

    /** The personal fields of {@code type}, or {@code null} when it has none. */
    static PersonalFields of(Class<?> type) {
        return OF.get(type);
    }

    Class<?> type() {
        return type;
    }

    int count() {
        return personal.length;
    }

    /** Whom {@code message}'s personal fields are about, as text; {@code null} when its subject field is empty. */
    String subjectOf(Object message) {
        try {
            Object value = subject.get(message);
            return value == null ? null : value.toString();
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    String get(Object message, int field) {
        try {
            return (String) personal[field].get(message);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    void set(Object message, int field, String value) {
        try {
            personal[field].set(message, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What readers get for field {@code field} once its subject is forgotten. */
    String forgotten(int field) {
        return forgotten[field];
    }

    private static PersonalFields find(Class<?> type) {
        Field subject = null;
        List<Field> personal = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()))
                    continue;
                if (f.isAnnotationPresent(PersonalData.class)) {
                    if (f.getType() != String.class)
                        throw new IllegalArgumentException(where(f) + " is @PersonalData but a " + f.getType()
                                .getSimpleName() + "; expected a String field");
                    f.setAccessible(true);
                    personal.add(f);
                }
                if (f.isAnnotationPresent(DataSubject.class)) {
                    if (subject != null)
                        throw new IllegalArgumentException(where(f) + ": a second @DataSubject (the first is "
                                + subject.getName() + "); expected one per message class");
                    f.setAccessible(true);
                    subject = f;
                }
            }
        }
        if (personal.isEmpty())
            return null;
        if (subject == null)
            throw new IllegalArgumentException(type.getName() + " has @PersonalData fields but no @DataSubject field; "
                    + "expected one naming whom they are about (e.g. the account)");
        return new PersonalFields(type, subject, personal);
    }

    private static String where(Field f) {
        return f.getDeclaringClass().getName() + "." + f.getName();
    }
}
