package io.celerity.benchmarks.jmh;

import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;

import java.lang.reflect.Proxy;

/**
 * Refuses Chronicle's reflective fallbacks, so a benchmark never reports on the slow path: Chronicle falls back, with
 * only a warning, when it cannot compile a generated writer or reader (usually missing JVM flags).
 */
final class GeneratedOnly {

    private static final String HINT = "; refusing to measure the fallback. Run through the bench profile "
            + "(mvn -Pbench ...), which gives the JVM Chronicle's flags, and JMH forks inherit them";

    private GeneratedOnly() {
    }

    /** {@code writer}, after checking it is generated code, not a {@link Proxy}. */
    static <T> T writer(T writer) {
        if (Proxy.isProxyClass(writer.getClass()))
            throw new IllegalStateException("Chronicle fell back to a proxy method writer for "
                    + writer.getClass().getInterfaces()[0].getName() + HINT);
        return writer;
    }

    /** {@code reader}, after checking it is a generated method reader. */
    static AbstractGeneratedMethodReader reader(Object reader) {
        if (!(reader instanceof AbstractGeneratedMethodReader))
            throw new IllegalStateException("Chronicle fell back to a reflective method reader ("
                    + reader.getClass().getName() + ")" + HINT);
        return (AbstractGeneratedMethodReader) reader;
    }
}
