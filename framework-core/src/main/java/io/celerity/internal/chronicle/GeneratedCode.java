package io.celerity.internal.chronicle;

import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Proxy;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Refuses the slow reflective fallbacks Chronicle uses when it cannot generate a method reader or writer, and warns
 * (once per service and class) when a generated class was not built with the application but compiled at start.
 *
 * <p>Covers Chronicle Wire issue 460: a proxy method writer does not write {@code MessageHistory} (Chronicle Queue
 * issue 889), so a service on one would lose its restart point, and a reflective method reader allocates per message.
 * Chronicle Wire pull request 769 turns reflective proxies off by default; this check also holds where it does not.
 */
public final class GeneratedCode {

    private static final Logger LOG = LoggerFactory.getLogger(GeneratedCode.class);
    private static final String HINT = "; the JVM needs Chronicle's flags (the celerity launcher, the runnable jar and the "
            + "build add them), or a JVM without javac the classes generated at build time (GenerateCode), and event "
            + "interfaces must follow the event method contract (see docs/user-guide.adoc)";
    private static final Set<String> WARNED = ConcurrentHashMap.newKeySet();

    private GeneratedCode() {
    }

    public static void requireGeneratedWriter(Object writer, String service) {
        if (Proxy.isProxyClass(writer.getClass()))
            throw new IllegalStateException("service '" + service + "': Chronicle fell back to a proxy method writer"
                    + HINT);
        warnIfCompiledNow(writer.getClass(), service);
    }

    public static AbstractGeneratedMethodReader requireGeneratedReader(Object reader, String service) {
        if (!(reader instanceof AbstractGeneratedMethodReader))
            throw new IllegalStateException("service '" + service + "': Chronicle fell back to a reflective method "
                    + "reader" + HINT);
        warnIfCompiledNow(reader.getClass(), service);
        return (AbstractGeneratedMethodReader) reader;
    }

    /** Whether {@code generated} was compiled in this JVM rather than loaded from a class file built beforehand. */
    public static boolean compiledAtRuntime(Class<?> generated) {
        return COMPILED_AT_RUNTIME.get(generated);
    }

    // Asked once per class: a class path search took 0.15 ms of each service start.
    private static final ClassValue<Boolean> COMPILED_AT_RUNTIME = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> generated) {
            ClassLoader loader = generated.getClassLoader();
            String file = generated.getName().replace('.', '/') + ".class";
            return (loader == null ? ClassLoader.getSystemResource(file) : loader.getResource(file)) == null;
        }
    };

    private static void warnIfCompiledNow(Class<?> generated, String service) {
        if (compiledAtRuntime(generated) && WARNED.add(service + " " + generated.getName()))
            LOG.warn("service '{}': {} was not generated when the application was built, so Chronicle compiled it "
                            + "with javac at start (slower start; needs the jdk.compiler module and its exports). Run "
                            + "Celerity's build-time code generation, io.celerity.internal.codegen.build.GenerateCode "
                            + "(celerity-framework-codegen), over the application's classes (see 'Generated code at "
                            + "build time' in docs/user-guide.adoc)",
                    service, generated.getName());
    }
}
