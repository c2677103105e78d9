package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.extension.StatusSection;
import io.celerity.internal.dispatch.ServiceCounters;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Writes each service's status file, and the extensions' sections (e.g. each copied queue's), once a second, off the
 * loop threads: what {@code celerity status} reads.
 */
public final class StatusPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(StatusPublisher.class);

    private final CelerityConfig config;
    private final Map<String, ServiceCounters> services;
    private final Supplier<String> stopReason;
    private final List<StatusSection> sections;
    private final ScheduledFuture<?> publishing;
    private boolean stopped; // guarded by this: a publish in hand finishes before stop() returns

    /**
     * Starts publishing "running" on the process's {@link Housekeeping} thread; {@code stopReason} says why the host
     * stopped by itself, or null; {@code sections} are the extensions' parts.
     */
    public StatusPublisher(CelerityConfig config, Map<String, ServiceCounters> services, Supplier<String> stopReason,
                           List<StatusSection> sections) {
        this.config = config;
        this.services = services;
        this.stopReason = stopReason;
        this.sections = List.copyOf(sections);
        this.publishing = Housekeeping.thread().scheduleAtFixedRate(this::publishRunning, 0, 1, TimeUnit.SECONDS);
    }

    /** Stops publishing; a last "running" cannot land after what follows. */
    public void stop() {
        publishing.cancel(false);
        synchronized (this) {
            stopped = true;
        }
    }

    private synchronized void publishRunning() {
        if (!stopped)
            publish("running");
    }

    /** Writes a last status: "closed", or "stopped" with the reason the host stopped by itself. */
    public synchronized void publishFinal() {
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
        for (StatusSection section : sections) {
            try {
                section.write(state);
            } catch (IOException | RuntimeException e) {
                LOG.debug("cannot write a status section: {}", e.toString());
            }
        }
    }
}
