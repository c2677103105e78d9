package io.celerity.config;

import java.util.List;
import java.util.Set;

/**
 * A check of a whole deployment added by a module on the class path (found through {@link java.util.ServiceLoader},
 * listed in {@code META-INF/services/io.celerity.config.ConfigCheck}): e.g. the cluster's, of a highly available
 * service's standby. Run after the core's own checks, wherever a configuration is validated.
 */
@FunctionalInterface
public interface ConfigCheck {

    /**
     * Throws at the first mistake in {@code config}, naming its file and line ({@link CelerityConfig#source()},
     * {@link CelerityConfig#line(String, String)}), entry and key.
     *
     * @throws ConfigException the mistake
     */
    void check(CelerityConfig config);

    /**
     * As {@link #check(CelerityConfig)}; {@code classes} says whether the classes the file names are checked too: not
     * for {@link CelerityConfig#loadWithoutComponents} (tools that read only the queues).
     */
    default void check(CelerityConfig config, boolean classes) {
        check(config);
    }

    /**
     * The top-level keys of {@code services.yaml} this module reads (e.g. {@code fix}): the file may hold them, and
     * {@link CelerityConfig#section} gives them to the module; none by default.
     */
    default Set<String> sections() {
        return Set.of();
    }

    /**
     * The highly available writers this module declares in its sections that run on {@code config.thisHost()} (all of
     * them for a whole deployment), e.g. a FIX gateway with a standby; leases and copies treat them as services.
     */
    default List<HighlyAvailable> highlyAvailable(CelerityConfig config) {
        return List.of();
    }
}
