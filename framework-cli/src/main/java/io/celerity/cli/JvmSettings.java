package io.celerity.cli;

import java.lang.reflect.Field;
import java.util.Map;

/**
 * What the runnable jar's manifest cannot say, set first thing in {@code main} before any Chronicle class loads:
 * Chronicle's system properties and, on Java 24+, {@code --sun-misc-unsafe-memory-access=allow}.
 * Anything given on the command line wins.
 */
final class JvmSettings {

    /** The saved VM property behind {@code --sun-misc-unsafe-memory-access}, read when sun.misc.Unsafe initialises. */
    static final String UNSAFE_MEMORY_ACCESS = "sun.misc.unsafe.memory.access";

    private JvmSettings() {
    }

    static void apply() {
        // Chronicle's chatter and phone-home off.
        System.getProperties().putIfAbsent("org.slf4j.simpleLogger.log.net.openhft", "warn");
        System.getProperties().putIfAbsent("chronicle.analytics.disable", "true");
        System.getProperties().putIfAbsent("chronicle.announcer.disable", "true");
        // The host's disk watchdog stops it short of a full disk; Chronicle's monitor only logs, per queue directory.
        System.getProperties().putIfAbsent("chronicle.disk.monitor.disable", "true");
        if (Runtime.version().feature() >= 24)
            allowUnsafeMemoryAccess();
    }

    /**
     * Does what {@code --sun-misc-unsafe-memory-access=allow} does; a manifest cannot carry that flag. Without it Java
     * 24+ warns on stderr and checks a volatile flag on every sun.misc.Unsafe memory access Chronicle makes. Needs the
     * manifest's {@code Add-Opens: java.base/jdk.internal.misc}; if the JDK's internals differ, the JVM keeps its
     * default (warn) and prints its warning, nothing else changes.
     */
    @SuppressWarnings("unchecked")
    private static void allowUnsafeMemoryAccess() {
        try {
            Field saved = Class.forName("jdk.internal.misc.VM").getDeclaredField("savedProps");
            saved.setAccessible(true);
            ((Map<String, String>) saved.get(null)).putIfAbsent(UNSAFE_MEMORY_ACCESS, "allow");
        } catch (ReflectiveOperationException | RuntimeException e) {
            // not opened (e.g. started with -cp and no flags) or internals changed: the JDK's default applies
        }
    }
}
