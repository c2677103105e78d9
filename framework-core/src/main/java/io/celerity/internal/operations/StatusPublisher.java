package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceStats;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/** Writes each service's status file, and each copied queue's, once a second, off the loop threads: what {@code celerity status} reads. */
public final class StatusPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(StatusPublisher.class);

    private final CelerityConfig config;
    private final Map<String, ServiceStats> services;
    private final Supplier<String> stopReason;
    private final ReplicationReport replication; // null: this host copies no queue
    private final HighAvailabilityReport highAvailability; // null: no cluster
    private final ScheduledExecutorService thread;

    /**
     * Starts publishing "running"; {@code stopReason} says why the host stopped by itself, or null; {@code replication}
     * is what this host copies, or null; {@code highAvailability} its part in high availability, or null.
     */
    public StatusPublisher(CelerityConfig config, Map<String, ServiceStats> services, Supplier<String> stopReason,
                           ReplicationReport replication, HighAvailabilityReport highAvailability) {
        this.config = config;
        this.services = services;
        this.stopReason = stopReason;
        this.replication = replication;
        this.highAvailability = highAvailability;
        this.thread = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "celerity-status");
            t.setDaemon(true);
            return t;
        });
        thread.scheduleAtFixedRate(() -> publish("running"), 0, 1, TimeUnit.SECONDS);
    }

    /** Stops publishing; a last "running" cannot land after what follows. */
    public void stop() {
        thread.shutdownNow();
        HostQueues.awaitQuietly(thread);
    }

    /** Writes a last status: "closed", or "stopped" with the reason the host stopped by itself. */
    public void publishFinal() {
        publish(stopReason.get() == null ? "closed" : "stopped");
    }

    private void publish(String state) {
        services.forEach((name, stats) -> {
            try {
                StatusFile.write(StatusFile.of(config, config.services().get(name)), stats, state, stopReason.get(),
                        config.thisHost());
            } catch (IOException | RuntimeException e) {
                LOG.debug("cannot write the status of {}: {}", name, e.toString()); // status is best effort
            }
        });
        if (replication != null) {
            try {
                ReplicationStatusFile.writeAll(config, replication, state);
            } catch (IOException | RuntimeException e) {
                LOG.debug("cannot write the replication status: {}", e.toString());
            }
        }
        if (highAvailability != null) {
            try {
                HighAvailabilityStatusFile.write(config, highAvailability.member(), highAvailability.services(), state);
            } catch (IOException | RuntimeException e) {
                LOG.debug("cannot write the high availability status: {}", e.toString());
            }
        }
    }
}
