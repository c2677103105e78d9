package io.celerity.internal.codegen.build;

import net.openhft.chronicle.queue.ChronicleQueue;

import java.util.Set;

/**
 * Builds more of a component's method readers and writers at build time than the runtime's, e.g. those a test harness
 * uses; {@link GenerateCode} finds implementations with {@link java.util.ServiceLoader} on the class path it runs with.
 */
public interface CodeBuilder {

    /**
     * Builds them over {@code scratch}, a queue of their own, as the code that uses them does.
     *
     * @return the generated classes used
     */
    Set<Class<?>> build(Class<?> component, ChronicleQueue scratch);

    /**
     * Builds, over {@code scratch}, what a compiled class that is no component needs, e.g. a FIX gateway's mapping;
     * nothing by default.
     *
     * @return the generated classes used
     */
    default Set<Class<?>> buildForOther(Class<?> type, ChronicleQueue scratch) {
        return Set.of();
    }
}
