package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * The leases of the highly available services a host runs (as primary or standby), as granted by the cluster. Provided
 * through {@link ServiceLoader} by the module that talks to the cluster, so this one does without it.
 */
public interface HaLeases extends AutoCloseable {

    /** The artifact that provides them, for the error when it is missing. */
    String ARTIFACT = "io.celerity:celerity-framework-cluster";

    /** The lease of highly available service {@code service}, as this host sees it. */
    HaLease lease(String service);

    /** This host's member of the cluster, or null when it is not one. */
    default ClusterRole clusterRole() {
        return null;
    }

    /** Lets go of the cluster: this host's leases run out. */
    @Override
    void close();

    /** Starts a host's view of the leases: found through {@link ServiceLoader}. */
    interface Provider {

        /**
         * Joins the cluster as {@code config.thisHost()}: runs its member if it is one, and holds or awaits the leases
         * of the highly available services of {@code config}.
         */
        HaLeases start(CelerityConfig config);
    }

    /** The provider on the class path, if any. */
    static Optional<Provider> find() {
        return ServiceLoader.load(Provider.class, Thread.currentThread().getContextClassLoader()).findFirst();
    }
}
