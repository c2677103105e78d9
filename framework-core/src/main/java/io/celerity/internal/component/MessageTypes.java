package io.celerity.internal.component;

import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The classes a component's input messages may name in a type tag: the parameter types of its event methods and,
 * through the fields of those classes, every type nested in them.
 */
public final class MessageTypes {

    private MessageTypes() {
    }

    /** The declared message types of {@code inputInterfaces}, found without loading any class they do not name. */
    public static Set<Class<?>> declaredBy(Collection<Class<?>> inputInterfaces) {
        Set<Class<?>> found = new LinkedHashSet<>();
        Deque<Type> todo = new ArrayDeque<>();
        for (Class<?> iface : inputInterfaces)
            for (Method m : iface.getMethods())
                if (!Modifier.isStatic(m.getModifiers()))
                    todo.addAll(List.of(m.getGenericParameterTypes()));
        while (!todo.isEmpty()) {
            Type t = todo.poll();
            if (t instanceof Class<?> c) {
                if (c.isPrimitive() || !found.add(c))
                    continue;
                if (c.isArray())
                    todo.add(c.getComponentType());
                else if (!ComponentType.isPlatformType(c))
                    addFieldTypes(c, todo);
            } else if (t instanceof ParameterizedType p) {
                todo.add(p.getRawType());
                todo.addAll(List.of(p.getActualTypeArguments()));
            } else if (t instanceof GenericArrayType a) {
                todo.add(a.getGenericComponentType());
            } else if (t instanceof WildcardType w) {
                todo.addAll(List.of(w.getUpperBounds()));
            } else if (t instanceof TypeVariable<?> v) {
                todo.addAll(List.of(v.getBounds()));
            }
        }
        return found;
    }

    // Fields as Chronicle Wire marshals them: instance fields, not transient, including inherited ones.
    private static void addFieldTypes(Class<?> c, Deque<Type> todo) {
        for (Class<?> k = c; k != null && !ComponentType.isPlatformType(k); k = k.getSuperclass())
            for (Field f : k.getDeclaredFields())
                if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers()))
                    todo.add(f.getGenericType());
    }
}
