package io.celerity.host;

import io.celerity.config.AgentConfig;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.agent.FrameworkAgent;
import io.celerity.internal.agent.UserAgent;
import io.celerity.internal.agent.UserAgents;
import io.celerity.internal.dispatch.HopLatency;
import io.celerity.internal.dispatch.ServiceCounters;
import io.celerity.internal.dispatch.ServicePlan;
import io.celerity.internal.dispatch.ServiceRunner;
import io.celerity.internal.loop.EventLoopThread;
import io.celerity.internal.loop.LoopParticipant;
import io.celerity.internal.operations.DiskSpaceWatchdog;
import io.celerity.internal.operations.HostQueues;
import io.celerity.internal.operations.MetricsEndpoint;
import io.celerity.internal.operations.StatusPublisher;
import io.celerity.internal.restart.LifecycleLog;
import io.celerity.internal.schema.ReadableAtStart;
import io.celerity.time.UniqueTimestamps;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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
    private HostQueues queues;
    private final Map<String, ServiceRunner> services = new LinkedHashMap<>();
    private final Map<String, UserAgent> agents = new LinkedHashMap<>();

    private final Map<String, EventLoopThread> loops = new LinkedHashMap<>();
    private final List<ServiceClaim> claims = new ArrayList<>();
    private final CountDownLatch closed = new CountDownLatch(1);
    private boolean closing;
    private boolean crashed;
    private boolean borrowed; // on queues a test opened: one of many hosts in turn, whose start and close are debug
    private LifecycleLog lifecycle;
    private Thread closer; // guarded by this: the thread closing, which must not wait for itself
    private UniqueTimestamps timestamps;
    private MetricsEndpoint metrics;
    private HostExtensions extensions;
    private StatusPublisher statusPublisher;
    private DiskSpaceWatchdog watchdog;
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
        borrowed = options.queues() != null;
        lifecycle = new LifecycleLog(LOG, borrowed); // debug when borrowed: a RESTART test starts a host per input
        extensions = options.extensions() == null ? HostExtensions.find(config)
                : new HostExtensions(config, options.extensions());
        refuseStartShortOfSpace();
        // Before anything is opened or written: a refused instance leaves no trace.
        for (ServiceConfig s : config.services().values())
            claims.add(ServiceClaim.take(config, s));
        extensions.beforeOpen();
        timestamps = options.timestamps().apply(config.hostId());
        queues = borrowed ? options.queues().lendTo(config) : new HostQueues(config, options.queueClock());
        requireKeysOfQueuesInUse();
        // A process killed while creating a cycle file leaves one no reader gets past: before any reader opens.
        if (!borrowed) // borrowed ones were, once, when they were opened
            queues.moveAsideIncompleteCycleFiles();
        requireReadable(options);
        extensions.start(queues::get, this::stopBecause);
        Map<String, List<LoopParticipant>> byLoop = participantsByLoop(options);
        Map<String, ServiceCounters> stats = new LinkedHashMap<>();
        services.forEach((name, runner) -> stats.put(name, runner.stats()));
        if (config.metricsPort() >= 0)
            metrics = startMetrics(stats);
        byLoop.forEach((loop, runners) -> loops.put(loop, new EventLoopThread(config.eventLoops().getOrDefault(loop,
                EventLoopConfig.of(loop)), runners, config.writeFailureTimeout(), this::stopBecause)));
        for (EventLoopThread loop : loops.values())
            loop.start();
        statusPublisher = new StatusPublisher(config, stats, () -> stopReason, extensions.status());
        watchdog.watch(this::stopBecause);
        queues.startRetention();
        queues.startMappingAhead();
        lifecycle.say("host started from {}: {} queue(s), services {}{} on loops {}", config.source(), queues.size(),
                services.keySet(), agents.isEmpty() ? "" : ", agents " + agents.keySet(), loops.keySet());
    }

    // A new version that misreads its queues starts nothing; hosts in turn on open queues read only what is new.
    private void requireReadable(HostOptions options) {
        // Borrowed queues are read through the lender's views: they outlive this host, as the kept tailers do.
        if (options.queues() != null) {
            ReadableAtStart.require(config, options.queues()::get, options.queues().readable());
            return;
        }
        try (ReadableAtStart.Checked once = new ReadableAtStart.Checked()) {
            ReadableAtStart.require(config, queues::get, once);
        }
    }

    private void refuseStartShortOfSpace() {
        watchdog = new DiskSpaceWatchdog(config.queues().values(), config.minFreeSpace());
        String shortfall = watchdog.shortfall();
        if (shortfall != null)
            throw new DiskSpaceException("cannot start: " + shortfall + "; free some space, then start again");
    }

    // Services, then the user's agents, then the extensions' agents, each on its loop.
    private Map<String, List<LoopParticipant>> participantsByLoop(HostOptions options) {
        Map<String, List<LoopParticipant>> byLoop = new LinkedHashMap<>();
        for (ServiceConfig s : config.services().values()) {
            ServiceRunner runner = new ServiceRunner(ServicePlan.of(config, s, queues::get, options.clock(), timestamps,
                    options.errorListener()::onHandlerError, extensions::acks, extensions.gate(s.name())), borrowed);
            services.put(s.name(), runner);
            byLoop.computeIfAbsent(s.eventLoop(), k -> new ArrayList<>()).add(runner);
        }
        for (AgentConfig a : config.agents().values()) {
            UserAgent agent = UserAgents.create(a, config, queues.get(a.output()), timestamps, options.clock(),
                    options.errorListener()::onHandlerError, extensions::acks);
            agents.put(a.name(), agent);
            byLoop.computeIfAbsent(a.eventLoop(), k -> new ArrayList<>()).add(agent);
        }
        extensions.agents().forEach((loop, list) -> list.forEach(a -> byLoop.computeIfAbsent(loop,
                k -> new ArrayList<>()).add(new FrameworkAgent(a))));
        return byLoop;
    }

    // A service or agent needs the keys of its encrypted queues: refused before any loop starts, naming the queue. A
    // host holding the data subjects' keys applies every forget to its copy now, and each new one as it comes.
    private void requireKeysOfQueuesInUse() {
        Set<String> used = new LinkedHashSet<>();
        for (ServiceConfig s : config.services().values()) {
            used.addAll(s.readQueues());
            used.add(s.output());
            if (s.snapshot() != null)
                used.add(s.snapshot().queue());
            if (s.errors() != null)
                used.add(s.errors());
        }
        config.agents().values().forEach(a -> used.add(a.output()));
        String subjects = config.keys() == null ? null : config.keys().subjects();
        if (subjects != null && config.queues().containsKey(subjects))
            used.add(subjects);
        queues.requireKeys(used);
        queues.followSubjectKeys();
    }

    private MetricsEndpoint startMetrics(Map<String, ServiceCounters> stats) {
        Map<String, HopLatency> latencies = new LinkedHashMap<>();
        services.forEach((name, runner) -> latencies.put(name, runner.measureLatency()));
        try {
            MetricsEndpoint endpoint = new MetricsEndpoint(config.metricsPort(), stats, latencies,
                    extensions.metrics());
            LOG.info("metrics at http://localhost:{}/metrics", endpoint.port());
            return endpoint;
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics on port " + config.metricsPort() + ": " + e, e);
        }
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
    public Optional<String> stopReason() {
        return Optional.ofNullable(stopReason);
    }

    /** The port the Prometheus endpoint listens on, or -1 when monitoring is off. */
    public int metricsPort() {
        return metrics == null ? -1 : metrics.port();
    }

    /** The configuration this host runs. */
    public CelerityConfig config() {
        return config;
    }

    /** The live counters of a service, or of an agent (its events written and its failed doWork calls). */
    public ServiceStats stats(String service) {
        ServiceRunner r = services.get(service);
        if (r != null)
            return new CountedStats(r.stats());
        UserAgent a = agents.get(service);
        if (a == null)
            throw new IllegalArgumentException("no service '" + service + "'; services are " + services.keySet()
                    + (agents.isEmpty() ? "" : ", agents " + agents.keySet()));
        return new CountedStats(a.stats());
    }

    // For tests in this package: a positive signal that a trim of the queue had its chance, where none deleted a file.
    long trimPasses(String queue) {
        return queues.trimPasses(queue);
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
        if (statusPublisher != null)
            statusPublisher.stop();
        if (extensions != null)
            extensions.crash();
        claims.forEach(ServiceClaim::close);
    }

    /**
     * Stops every loop after the message in hand, then closes the queues. Idempotent: a second call returns once the
     * first is done (e.g. once the host stopped itself), so the caller may delete the queues' files.
     */
    @Override
    public void close() {
        boolean first;
        synchronized (this) {
            first = !closing;
            if (first) {
                closing = true;
                closer = Thread.currentThread();
            } else if (closer == Thread.currentThread()) {
                return; // called again from within its own close
            }
        }
        if (!first) {
            awaitCloseUninterruptibly();
            return;
        }
        try {
            closeAll();
        } finally {
            closed.countDown();
        }
    }

    private void closeAll() {
        loops.values().forEach(EventLoopThread::close);
        if (statusPublisher != null) {
            statusPublisher.stop();
            if (!crashed) // a crashed host's service may run in another host by now
                statusPublisher.publishFinal();
        }
        if (watchdog != null)
            watchdog.close();
        if (metrics != null)
            metrics.close();
        if (extensions != null)
            extensions.close();
        if (queues != null)
            queues.close(); // borrowed ones: only this host's view of them
        if (timestamps != null)
            timestamps.close();
        services.values().forEach(s -> lifecycle.say("closed {}", s.stats()));
        claims.forEach(ServiceClaim::close); // last: nothing of this host writes any more
    }

    private void awaitCloseUninterruptibly() {
        boolean interrupted = false;
        while (closed.getCount() > 0) {
            try {
                closed.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted)
            Thread.currentThread().interrupt();
    }
}
