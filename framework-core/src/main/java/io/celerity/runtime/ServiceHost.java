package io.celerity.runtime;

import io.celerity.component.ComponentType;
import io.celerity.config.AgentConfig;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SettingsBinder;
import io.celerity.config.StateRebuild;
import io.celerity.config.SyncPolicy;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.bytes.SyncMode;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

/**
 * Runs a deployment: opens its queues, builds its services, starts one thread per event loop, and closes it all again.
 * <pre>{@code
 * try (ServiceHost host = ServiceHost.start(CelerityConfig.load(Path.of("services.yaml")))) { ... }
 * }</pre>
 */
public final class ServiceHost implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceHost.class);

    private final CelerityConfig config;
    private final Map<String, ChronicleQueue> queues = new LinkedHashMap<>();
    private final Map<String, ServiceRunner> services = new LinkedHashMap<>();
    private final Map<String, UserAgent> agents = new LinkedHashMap<>();
    private final Map<String, EventLoopThread> loops = new LinkedHashMap<>();
    private final List<ServiceClaim> claims = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private boolean closing;
    private boolean crashed;
    private UniqueTimestamps timestamps;
    private MetricsEndpoint metrics;
    private java.util.concurrent.ScheduledExecutorService statusPublisher;
    private DiskSpaceWatchdog watchdog;
    private final Map<String, CycleRetention> retentions = new LinkedHashMap<>();
    private java.util.concurrent.ExecutorService retentionThread;
    private volatile String stopReason;

    private ServiceHost(CelerityConfig config) {
        this.config = config;
    }

    /** Starts every service of {@code config} with the default {@link HostOptions}. */
    public static ServiceHost start(CelerityConfig config) {
        return start(config, HostOptions.defaults());
    }

    /**
     * Starts every service of {@code config}; returns once each is positioned on its inputs and running.
     *
     * @throws ServiceAlreadyRunningException if a live instance of one of its services runs already, in this process
     *                                        or another; nothing has been opened or written then
     */
    public static ServiceHost start(CelerityConfig config, HostOptions options) {
        ServiceHost host = new ServiceHost(config);
        try {
            host.open(options);
            return host;
        } catch (RuntimeException | Error e) {
            host.close();
            throw e;
        }
    }

    private void open(HostOptions options) {
        watchdog = new DiskSpaceWatchdog(config.queues().values(), config.minFreeSpace());
        String shortfall = watchdog.shortfall();
        if (shortfall != null)
            throw new DiskSpaceException("cannot start: " + shortfall + "; free some space, then start again");
        // Before anything is opened or written: a refused instance leaves no trace.
        for (ServiceConfig s : config.services().values())
            claims.add(ServiceClaim.take(config, s));
        timestamps = options.timestamps().apply(config.hostId());
        for (QueueConfig q : config.queues().values())
            queues.put(q.name(), openQueue(q, options));
        Map<String, List<LoopParticipant>> byLoop = new LinkedHashMap<>();
        for (ServiceConfig s : config.services().values()) {
            ServiceRunner runner = newRunner(s, options);
            services.put(s.name(), runner);
            byLoop.computeIfAbsent(s.eventLoop(), k -> new ArrayList<>()).add(runner);
        }
        for (AgentConfig a : config.agents().values()) {
            UserAgent agent = UserAgents.create(a, config, queues.get(a.output()), timestamps, options);
            agents.put(a.name(), agent);
            byLoop.computeIfAbsent(a.eventLoop(), k -> new ArrayList<>()).add(agent);
        }
        if (config.metricsPort() >= 0)
            metrics = startMetrics();
        byLoop.forEach((loop, runners) -> loops.put(loop, new EventLoopThread(config.eventLoops().get(loop), runners,
                config.writeFailureTimeout(), this::stopBecause)));
        for (EventLoopThread loop : loops.values())
            loop.start();
        statusPublisher = startStatusPublisher();
        watchdog.watch(this::stopBecause);
        retentions.forEach((queue, retention) -> retention.start(queues.get(queue), retentionThread()));
        LOG.info("host started from {}: {} queue(s), services {}{} on loops {}", config.source(), queues.size(),
                services.keySet(), agents.isEmpty() ? "" : ", agents " + agents.keySet(), loops.keySet());
    }

    private ChronicleQueue openQueue(QueueConfig q, HostOptions options) {
        SingleChronicleQueueBuilder builder = SingleChronicleQueueBuilder.binary(q.path())
                .rollCycle(RollCycles.valueOf(q.rollCycle()))
                .timeProvider(options.queueClock());
        if (q.sync() != SyncPolicy.NONE)
            builder.syncMode(SyncMode.valueOf(q.sync().name())); // how Chronicle flushes a mapping it lets go of
        CycleRetention retention = CycleRetention.of(q, config);
        if (retention != null) {
            builder.storeFileListener(retention);
            retentions.put(q.name(), retention);
        }
        return builder.build();
    }

    // One thread deletes old cycle files for every queue with keepCycles, after each roll.
    private java.util.concurrent.ExecutorService retentionThread() {
        if (retentionThread == null)
            retentionThread = java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
                Thread t = new Thread(r, "celerity-retention");
                t.setDaemon(true);
                return t;
            });
        return retentionThread;
    }

    private MetricsEndpoint startMetrics() {
        Map<String, ServiceStats> stats = new LinkedHashMap<>();
        Map<String, HopLatency> latencies = new LinkedHashMap<>();
        services.forEach((name, runner) -> {
            stats.put(name, runner.stats());
            latencies.put(name, runner.measureLatency());
        });
        try {
            MetricsEndpoint endpoint = new MetricsEndpoint(config.metricsPort(), stats, latencies);
            LOG.info("metrics at http://localhost:{}/metrics", endpoint.port());
            return endpoint;
        } catch (java.io.IOException e) {
            throw new IllegalStateException("cannot serve metrics on port " + config.metricsPort() + ": " + e, e);
        }
    }

    // Once a second, off the loop threads: the counters `celerity status` reads from another process.
    private java.util.concurrent.ScheduledExecutorService startStatusPublisher() {
        var publisher = java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "celerity-status");
            t.setDaemon(true);
            return t;
        });
        publisher.scheduleAtFixedRate(() -> publishStatus("running"), 0, 1, java.util.concurrent.TimeUnit.SECONDS);
        return publisher;
    }

    private static void awaitQuietly(java.util.concurrent.ExecutorService executor) {
        try {
            executor.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void publishStatus(String state) {
        services.forEach((name, runner) -> {
            try {
                StatusFile.write(StatusFile.of(config, config.services().get(name)), runner.stats(), state, stopReason);
            } catch (java.io.IOException | RuntimeException e) {
                LOG.debug("cannot write the status of {}: {}", name, e.toString()); // status is best effort
            }
        });
    }

    /** Stops the host, from a thread of its own, because it cannot go on safely; {@link #stopReason()} says why. */
    private void stopBecause(String reason) {
        synchronized (this) {
            if (closing)
                return;
            stopReason = reason;
        }
        LOG.error("stopping: {}", reason);
        new Thread(this::close, "celerity-stop").start();
    }

    /** Why the host stopped by itself (e.g. a file system nearly full), or empty when it runs or was closed. */
    public java.util.Optional<String> stopReason() {
        return java.util.Optional.ofNullable(stopReason);
    }

    /** The port the Prometheus endpoint listens on, or -1 when monitoring is off. */
    public int metricsPort() {
        return metrics == null ? -1 : metrics.port();
    }

    private ServiceRunner newRunner(ServiceConfig s, HostOptions options) {
        ComponentType type;
        try {
            type = ComponentType.of(Class.forName(s.implClass(), true, Thread.currentThread().getContextClassLoader()));
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e); // validated already
        }
        type = type.withoutInputs(type.stateInterfaces(s.rebuild() == StateRebuild.REPLAY_OUTPUTS,
                s.snapshot() == null ? null : s.snapshot().method()));
        Object settings = type.settingsType() == null ? null : SettingsBinder.bind(type.settingsType(), s.settings());
        ChronicleQueue[] inputs = s.readQueues().stream().map(queues::get).toArray(ChronicleQueue[]::new);
        int[] sourceIds = s.readQueues().stream().mapToInt(q -> config.queues().get(q).sourceId()).toArray();
        List<List<Class<?>>> carried = s.readQueues().stream()
                .map(q -> AcceptedEvents.carriedBy(config.queues().get(q).events())).toList();
        return new ServiceRunner(s, type, settings, inputs, sourceIds, carried, queues.get(s.output()),
                s.snapshot() == null ? null : queues.get(s.snapshot().queue()),
                s.errors() == null ? null : queues.get(s.errors()), config.queues().get(s.output()).sync(),
                options.clock(), timestamps, options.errorListener());
    }

    /** The configuration this host runs. */
    public CelerityConfig config() {
        return config;
    }

    /** The live counters of a service, or of an agent (its events written and its failed doWork calls). */
    public ServiceStats stats(String service) {
        ServiceRunner r = services.get(service);
        if (r != null)
            return r.stats();
        UserAgent a = agents.get(service);
        if (a == null)
            throw new IllegalArgumentException("no service '" + service + "'; services are " + services.keySet()
                    + (agents.isEmpty() ? "" : ", agents " + agents.keySet()));
        return a.stats();
    }

    /** The user's agent configured as {@code name}, as its loop built it; e.g. to ask a gateway for its port. */
    public org.agrona.concurrent.Agent agent(String name) {
        UserAgent a = agents.get(name);
        if (a == null)
            throw new IllegalArgumentException("no agent '" + name + "'; agents are " + agents.keySet());
        return a.agent();
    }

    /** The thread running an event loop, e.g. to measure what it allocates. */
    public Thread loopThread(String eventLoop) {
        return loops.get(eventLoop).thread();
    }

    /** Closes this host when the JVM is asked to stop (SIGTERM, Ctrl-C). */
    public ServiceHost closeOnShutdown() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::close, "celerity-shutdown"));
        return this;
    }

    /** Blocks until this host has been closed. */
    public void awaitClose() throws InterruptedException {
        closed.await();
    }

    /**
     * Stops every loop after the message in hand but closes nothing, as a crash would leave things; for restart tests.
     * Like a dead process, it stops writing its status and releases its services' claims, so a new host may then start
     * on the same queues; {@link #close()} this one afterwards to release its resources.
     */
    public void crash() {
        synchronized (this) {
            if (closing || crashed)
                return;
            crashed = true;
        }
        loops.values().forEach(EventLoopThread::crash);
        // What the kernel does for a dead process: its status stops and its claims are free for the next host.
        stopStatusPublisher();
        claims.forEach(ServiceClaim::close);
    }

    // A last "running" must not land after what follows.
    private void stopStatusPublisher() {
        if (statusPublisher != null) {
            statusPublisher.shutdownNow();
            awaitQuietly(statusPublisher);
        }
    }

    /**
     * Stops every loop after the message in hand, then closes the queues. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closing)
                return;
            closing = true;
        }
        loops.values().forEach(EventLoopThread::close);
        stopStatusPublisher();
        if (statusPublisher != null && !crashed) // a crashed host's service may run in another host by now
            publishStatus(stopReason == null ? "closed" : "stopped");
        if (watchdog != null)
            watchdog.close();
        if (retentionThread != null) {
            retentionThread.shutdownNow();
            awaitQuietly(retentionThread); // no trim on a closed queue
        }
        if (metrics != null)
            metrics.close();
        Closeable.closeQuietly(queues.values());
        if (timestamps != null)
            timestamps.close();
        services.values().forEach(s -> LOG.info("closed {}", s.stats()));
        claims.forEach(ServiceClaim::close); // last: nothing of this host writes any more
        closed.countDown();
    }
}
