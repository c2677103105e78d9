package io.celerity.runtime;

import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;

import java.lang.reflect.Proxy;

/** Refuses the slow reflective fallbacks Chronicle uses when it cannot generate a method reader or writer. */
public final class GeneratedCode {

    private static final String HINT = "; the JVM needs Chronicle's flags (the celerity launcher, the runnable jar and the "
            + "build add them) and event interfaces must follow the event method contract (see docs/user-guide.adoc)";

    private GeneratedCode() {
    }

    public static void requireGeneratedWriter(Object writer, String service) {
        if (Proxy.isProxyClass(writer.getClass()))
            throw new IllegalStateException("service '" + service + "': Chronicle fell back to a proxy method writer"
                    + HINT);
    }

    public static AbstractGeneratedMethodReader requireGeneratedReader(Object reader, String service) {
        if (!(reader instanceof AbstractGeneratedMethodReader))
            throw new IllegalStateException("service '" + service + "': Chronicle fell back to a reflective method "
                    + "reader" + HINT);
        return (AbstractGeneratedMethodReader) reader;
    }
}
