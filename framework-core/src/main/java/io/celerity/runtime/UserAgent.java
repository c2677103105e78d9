package io.celerity.runtime;

import io.celerity.api.ServiceContext;
import io.celerity.component.ComponentType;
import io.celerity.config.AgentConfig;
import io.celerity.config.SyncPolicy;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a user's {@link Agent} on an event loop: builds it with a generated writer on its output queue (and, if its
 * constructor asks, a {@link ServiceContext} and its settings), starts it, calls {@code doWork} once a pass and closes
 * it. A throwing {@code doWork} is counted and reported as a failing handler is; the loop backs this agent off and
 * carries on.
 */
final class UserAgent implements LoopParticipant, ServiceContext {

    private static final Logger LOG = LoggerFactory.getLogger(UserAgent.class);

    private final AgentConfig config;
    private final ComponentType type;
    private final Object settings;
    private final ChronicleQueue output;
    private final SyncPolicy syncPolicy;
    private final TimeProvider clock;
    private final UniqueTimestamps timestamps;
    private final HandlerErrorListener errorListener;
    private final ServiceStats stats;

    private InputHistory history;
    private ExcerptAppender appender;
    private OutputSync outputSync;
    private volatile Agent agent;
    private boolean started;
    private boolean syncAsked;
    private long syncedOutputs;

    UserAgent(AgentConfig config, ComponentType type, Object settings, ChronicleQueue output, SyncPolicy syncPolicy,
              TimeProvider clock, UniqueTimestamps timestamps, HandlerErrorListener errorListener) {
        this.config = config;
        this.type = type;
        this.settings = settings;
        this.output = output;
        this.syncPolicy = syncPolicy;
        this.clock = clock;
        this.timestamps = timestamps;
        this.errorListener = errorListener;
        this.stats = new ServiceStats(config.name());
    }

    @Override
    public String name() {
        return config.name();
    }

    ServiceStats stats() {
        return stats;
    }

    /** The user's agent, once its loop has opened it; {@code null} before. */
    Agent agent() {
        return agent;
    }

    @Override
    public void open(InputHistory history) {
        this.history = history;
        appender = output.createAppender();
        outputSync = new OutputSync(appender, output, syncPolicy, stats);
        Object writer = MethodCode.writer(output, new AgentOut(appender, stats), type.outputInterfaces(), config.name());
        Agent built = (Agent) type.newInstance(writer, this, settings);
        history.reset(); // what it writes while starting stems from no input either
        try {
            built.onStart();
        } catch (RuntimeException e) {
            throw new IllegalStateException("agent '" + config.name() + "': onStart threw " + e, e);
        }
        started = true;
        agent = built;
    }

    @Override
    public int doWork() throws Exception {
        history.reset(); // its events stem from no input: no source of a previous service's input may be recorded
        int work = agent.doWork();
        if ((syncAsked || syncPolicy != SyncPolicy.NONE) && stats.outputs() != syncedOutputs) {
            syncedOutputs = stats.outputs();
            outputSync.committed(syncAsked);
        }
        syncAsked = false;
        return work;
    }

    @Override
    public void idle() {
        // no output page touched ahead: an agent's writes are its own, done in doWork
    }

    @Override
    public boolean reportedByLoop(Throwable failure) {
        long n = stats.countHandlerError();
        if (FailureReports.isPowerOfTwo(n))
            LOG.warn("agent '{}': doWork threw (error #{}); backing off, then carrying on", config.name(), n, failure);
        errorListener.onHandlerError(config.name(), "doWork", -1, failure);
        return false;
    }

    @Override
    public void close() {
        abandon();
        Closeable.closeQuietly(appender);
    }

    @Override
    public void abandon() {
        if (!started)
            return;
        started = false;
        try {
            agent.onClose();
        } catch (RuntimeException | Error e) {
            LOG.warn("agent '{}': onClose threw", config.name(), e);
        }
    }

    @Override
    public String serviceName() {
        return config.name();
    }

    @Override
    public long currentTimeNanos() {
        return clock.currentTimeNanos();
    }

    @Override
    public long uniqueTimestamp() {
        return timestamps.next();
    }

    @Override
    public void acknowledge() {
        // an agent reads no input: nothing to acknowledge
    }

    @Override
    public void syncOutputs() {
        syncAsked = true;
    }
}
