package io.celerity.internal.codegen;

import net.openhft.chronicle.bytes.Invocation;
import net.openhft.chronicle.wire.GeneratingMethodReaderInterceptorReturns;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Limits a generated method reader to the events of some of its component's interfaces: a component that implements
 * its snapshot or output interface too must not be handed those events from an input queue. The check is generated
 * into the reader's code, so an accepted event costs nothing.
 */
public final class AcceptedEvents implements GeneratingMethodReaderInterceptorReturns {

    private final Set<String> accepted = new TreeSet<>();
    private final String generatorId;

    public AcceptedEvents(Collection<Class<?>> interfaces) {
        this(interfaces, List.of());
    }

    /**
     * @param carried the interfaces whose events the queue carries (its {@code events} key); empty for any: only the
     *                methods of both sets are accepted
     */
    public AcceptedEvents(Collection<Class<?>> interfaces, Collection<Class<?>> carried) {
        for (Class<?> i : interfaces)
            for (Method m : i.getMethods())
                accepted.add(m.getName());
        if (!carried.isEmpty()) {
            Set<String> carriedNames = new TreeSet<>();
            for (Class<?> c : carried)
                for (Method m : c.getMethods())
                    carriedNames.add(m.getName());
            accepted.retainAll(carriedNames);
        }
        // Part of the generated class's name: readers accepting different events must not share a class.
        long hash = 1125899906842597L;
        for (char c : String.join(",", accepted).toCharArray())
            hash = 31 * hash + c;
        generatorId = "Accepting" + Long.toHexString(hash);
    }

    /** Loads the interfaces a queue's {@code events} key names (checked by the config already). */
    public static List<Class<?>> carriedBy(List<String> names) {
        List<Class<?>> classes = new ArrayList<>();
        for (String name : names) {
            try {
                classes.add(Class.forName(name, true, Thread.currentThread().getContextClassLoader()));
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e); // validated already
            }
        }
        return classes;
    }

    @Override
    public String generatorId() {
        return generatorId;
    }

    @Override
    public String codeBeforeCall(Method m, String objectName, String[] argumentNames) {
        return accepted.contains(m.getName()) ? null
                : "if (true) throw new " + EventNotAccepted.class.getName() + "(\"" + m.getName() + "\");";
    }

    @Override
    public String codeAfterCall(Method m, String objectName, String[] argumentNames) {
        return null;
    }

    @Override
    public Object intercept(Method m, Object o, Object[] args, Invocation invocation) throws InvocationTargetException {
        return invocation.invoke(m, o, args); // not called: a generating interceptor's code is compiled in instead
    }
}
