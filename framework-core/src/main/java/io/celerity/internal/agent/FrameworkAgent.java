package io.celerity.internal.agent;

import io.celerity.internal.history.InputHistory;
import io.celerity.internal.loop.LoopParticipant;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One of Celerity's own agents (e.g. a queue replicator) on an event loop: no output, no settings, no context. */
public final class FrameworkAgent implements LoopParticipant {

    private static final Logger LOG = LoggerFactory.getLogger(FrameworkAgent.class);

    private final Agent agent;
    private boolean started;
    private long failures;

    public FrameworkAgent(Agent agent) {
        this.agent = agent;
    }

    @Override
    public String name() {
        return agent.roleName();
    }

    @Override
    public void open(InputHistory history) {
        agent.onStart();
        started = true;
    }

    @Override
    public int doWork() throws Exception {
        return agent.doWork();
    }

    @Override
    public void idle() {
        // its writes are its own (a replica's appender): nothing of the loop's to touch ahead
    }

    // Failures 1, 2, 4, 8...: one that lasts (e.g. a dead Aeron client, thrown each pass between passes that succeed,
    // so the back-off never grows) would otherwise flood the log with a stack trace every few milliseconds.
    @Override
    public boolean loopHandles(Throwable failure) {
        if (Long.bitCount(++failures) == 1)
            LOG.warn("{}: doWork threw (failure #{}); backing off, then carrying on", agent.roleName(), failures,
                    failure);
        return false;
    }

    @Override
    public void close() {
        if (started)
            closeQuietly(agent, agent.roleName());
        started = false;
    }

    /** Calls the agent's {@code onClose}; a failure there is logged, as nothing is left to do about it. */
    static void closeQuietly(Agent agent, String name) {
        try {
            agent.onClose();
        } catch (RuntimeException | Error e) {
            LOG.warn("{}: onClose threw", name, e);
        }
    }
}
