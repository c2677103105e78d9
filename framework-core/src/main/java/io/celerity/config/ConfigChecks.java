package io.celerity.config;

import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeSet;

/** The {@link ConfigCheck}s of the modules on the class path. */
final class ConfigChecks {

    private ConfigChecks() {
    }

    static List<ConfigCheck> all() {
        return ServiceLoader.load(ConfigCheck.class, Thread.currentThread().getContextClassLoader()).stream()
                .map(ServiceLoader.Provider::get).toList();
    }

    /** The top-level keys the modules read, sorted. */
    static Set<String> sections() {
        Set<String> keys = new TreeSet<>();
        all().forEach(check -> keys.addAll(check.sections()));
        return keys;
    }
}
