package io.celerity.internal.agent;

import io.celerity.api.ServiceContext;
import io.celerity.config.AgentConfig;
import io.celerity.config.SyncPolicy;
import io.celerity.internal.chronicle.PageToucher;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.dispatch.DispatchContext;
import io.celerity.internal.dispatch.FailureReports;
import io.celerity.internal.dispatch.HandlerErrors;
import io.celerity.internal.history.InputHistory;
import io.celerity.internal.dispatch.OutputAcks;
import io.celerity.internal.dispatch.OutputSync;
import io.celerity.internal.dispatch.ServiceCounters;
import io.celerity.internal.loop.LoopParticipant;
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
public final class UserAgent implements LoopParticipant {

    private static final Logger LOG = LoggerFactory.getLogger(UserAgent.class);

    private final AgentConfig config;
    private final ComponentType type;
    private final Object settings;
    private final ChronicleQueue output;
    private final SyncPolicy syncPolicy;
    private final DispatchContext context;
    private final HandlerErrors errorListener;
    private final ServiceCounters stats;
    private final OutputAcks acks;

    private InputHistory history;
    private ExcerptAppender appender;
    private OutputSync outputSync;
    private volatile Agent agent;
    private PageToucher pages;
    private boolean started;
    private long syncedOutputs;

    UserAgent(AgentConfig config, ComponentType type, Object settings, ChronicleQueue output, SyncPolicy syncPolicy,
              TimeProvider clock, UniqueTimestamps timestamps, HandlerErrors errorListener, OutputAcks acks) {
        this.config = config;
        this.type = type;
        this.settings = settings;
        this.output = output;
        this.syncPolicy = syncPolicy;
        this.context = new DispatchContext(config.name(), clock, timestamps);
        this.errorListener = errorListener;
        this.stats = new ServiceCounters(config.name());
        this.acks = acks;
    }

    @Override
    public String name() {
        return config.name();
    }

    public ServiceCounters stats() {
        return stats;
    }

    /** The user's agent, once its loop has opened it; {@code null} before. */
    public Agent agent() {
        return agent;
    }

    @Override
    public void open(InputHistory history) {
        this.history = history;
        appender = output.createAppender();
        outputSync = new OutputSync(appender, output, syncPolicy, stats);
        context.output(appender, stats, acks); // its lastOutputIndex and replicated read this appender and its replicas
        Object writer = MethodCode.writer(output, new AgentOut(appender, stats), type.outputInterfaces(), config.name());
        Agent built = (Agent) type.newInstance(writer, context, settings);
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
        boolean syncAsked = context.takeSyncAsked();
        if ((syncAsked || syncPolicy != SyncPolicy.NONE) && stats.outputs() != syncedOutputs) {
            syncedOutputs = stats.outputs();
            outputSync.committed(syncAsked);
        }
        return work;
    }

    @Override
    public void idle() {
        if (pages == null)
            pages = new PageToucher(appender); // as for a service: no event of the agent pays its page's first fault
        pages.touchAhead();
    }

    @Override
    public boolean loopHandles(Throwable failure) {
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
        if (started)
            FrameworkAgent.closeQuietly(agent, "agent '" + config.name() + "'");
        started = false;
    }
}
