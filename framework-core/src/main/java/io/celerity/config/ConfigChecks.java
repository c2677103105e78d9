package io.celerity.config;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;
import java.util.WeakHashMap;

/** The {@link ConfigCheck}s of the modules on the class path. */
final class ConfigChecks {

    // Found once per class loader: scanning the class path took 0.5 ms of each configuration's validation.
    private static final Map<ClassLoader, List<ServiceLoader.Provider<ConfigCheck>>> PROVIDERS =
            Collections.synchronizedMap(new WeakHashMap<>());

    private ConfigChecks() {
    }

    static List<ConfigCheck> all() {
        return PROVIDERS.computeIfAbsent(Thread.currentThread().getContextClassLoader(),
                        loader -> ServiceLoader.load(ConfigCheck.class, loader).stream().toList())
                .stream().map(ServiceLoader.Provider::get).toList();
    }

    /** The top-level keys the modules read, sorted. */
    static Set<String> sections() {
        Set<String> keys = new TreeSet<>();
        all().forEach(check -> keys.addAll(check.sections()));
        return keys;
    }
}
