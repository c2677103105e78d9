package io.celerity.internal.fix;

import io.celerity.fix.FixInbound;
import io.celerity.fix.FixSessions;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Loads and builds the user's two mapping classes of a gateway, saying what is wrong with one that does not fit. */
final class Mappings {

    private Mappings() {
    }

    static Class<?> load(String className, String what) {
        try {
            return Class.forName(className, true, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException(what + " " + className + " is not on the class path", e);
        }
    }

    /** The interface of the inbound queue's events, the one parameter of the inbound mapping's constructor. */
    static Class<?> inboundEvents(Class<?> mapping) {
        if (!FixInbound.class.isAssignableFrom(mapping))
            throw new IllegalArgumentException("inbound mapper " + mapping.getName() + " does not implement "
                    + FixInbound.class.getName());
        Constructor<?> c = constructor(mapping, "the interface of the inbound queue's events");
        if (!c.getParameterTypes()[0].isInterface())
            throw new IllegalArgumentException("inbound mapper " + mapping.getName() + "'s constructor takes "
                    + c.getParameterTypes()[0].getName() + "; expected the interface of the inbound queue's events");
        return c.getParameterTypes()[0];
    }

    static FixInbound inbound(Class<?> mapping, Object writer) {
        return (FixInbound) construct(constructor(mapping, "the interface of the inbound queue's events"), writer);
    }

    /** The outbound queue's event interfaces the outbound mapping implements. */
    static List<Class<?>> outboundEvents(Class<?> mapping) {
        Set<Class<?>> found = new LinkedHashSet<>();
        collect(mapping, found);
        if (found.isEmpty())
            throw new IllegalArgumentException("outbound mapper " + mapping.getName() + " implements no interface of "
                    + "events; expected the outbound queue's, e.g. ExecutionReports");
        return List.copyOf(found);
    }

    static Object outbound(Class<?> mapping, FixSessions sessions) {
        Constructor<?> c = constructor(mapping, FixSessions.class.getName());
        if (c.getParameterTypes()[0] != FixSessions.class)
            throw new IllegalArgumentException("outbound mapper " + mapping.getName() + "'s constructor takes "
                    + c.getParameterTypes()[0].getName() + "; expected " + FixSessions.class.getName());
        return construct(c, sessions);
    }

    private static void collect(Class<?> c, Set<Class<?>> found) {
        for (Class<?> i : c.getInterfaces()) {
            if (!i.getName().startsWith("java.") && i.getMethods().length > 0)
                found.add(i);
            collect(i, found);
        }
        if (c.getSuperclass() != null)
            collect(c.getSuperclass(), found);
    }

    private static Constructor<?> constructor(Class<?> mapping, String parameter) {
        for (Constructor<?> c : mapping.getConstructors())
            if (c.getParameterCount() == 1)
                return c;
        throw new IllegalArgumentException(mapping.getName() + " has no public constructor taking one parameter; "
                + "expected one taking " + parameter);
    }

    private static Object construct(Constructor<?> c, Object argument) {
        try {
            return c.newInstance(argument);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException(c.getDeclaringClass().getName() + "'s constructor failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + c.getDeclaringClass().getName(), e);
        }
    }
}
