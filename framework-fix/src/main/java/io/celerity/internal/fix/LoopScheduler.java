package io.celerity.internal.fix;

import io.aeron.Aeron;
import org.agrona.ErrorHandler;
import org.agrona.LangUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.CompositeAgent;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.EngineScheduler;
import uk.co.real_logic.artio.engine.RecordingCoordinator;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs the Artio engine's agents (framer, indexer, monitoring, its Aeron client's conductor) on the gateway's event
 * loop instead of threads of their own: the gateway polls {@link #engine()} from its {@code doWork}, beside its library.
 * The engine's close needs its framer running (it logs the sessions out), and the loop has stopped by then: the
 * closing thread drives the agents ({@link #driveUntilClosed}) until the engine stops them here, as its contract says.
 */
final class LoopScheduler implements EngineScheduler {

    private Agent framer;
    private CompositeAgent engine;
    private volatile boolean driven; // a thread drives the agents while the engine closes (driveUntilClosed)
    private volatile boolean closing;
    private volatile boolean stopped;

    @Override
    public void launch(EngineConfiguration configuration, ErrorHandler errorHandler, Agent framer, Agent indexingAgent,
                       Agent monitoringAgent, Agent conductorAgent, RecordingCoordinator recordingCoordinator) {
        if (engine != null)
            EngineScheduler.fail();
        this.framer = framer;
        List<Agent> agents = new ArrayList<>();
        // Artio's own order (LowResourceEngineScheduler): the recordings close after the framer, before the conductor.
        for (Agent a : new Agent[]{monitoringAgent, framer, indexingAgent, new ClosingRecordings(recordingCoordinator),
                conductorAgent})
            if (a != null)
                agents.add(a);
        engine = new CompositeAgent(agents);
    }

    /** The engine's agents as one, for the gateway's loop; {@code null} before the engine launched. */
    CompositeAgent engine() {
        return engine;
    }

    /** Says, before the engine's close starts on another thread, that this one will drive the agents meanwhile. */
    void willDrive() {
        driven = true;
    }

    /** Runs the agents on this thread until the engine, closing on another, stops them; after {@link #willDrive}. */
    void driveUntilClosed() {
        BackoffIdleStrategy idle = new BackoffIdleStrategy();
        try {
            while (!closing) {
                try {
                    idle.idle(engine.doWork());
                } catch (Exception e) {
                    LangUtil.rethrowUnchecked(e);
                }
            }
        } finally {
            stopped = true;
        }
    }

    /** Called by the engine's close once its sessions are logged out: stops the driving thread, then the agents. */
    @Override
    public void close() {
        closing = true;
        while (driven && !stopped) // nobody drives when the engine failed to start: its close comes from its launch
            Thread.onSpinWait();
        if (engine != null)
            engine.onClose();
    }

    @Override
    public int pollFramer() {
        try {
            return framer == null ? 0 : framer.doWork();
        } catch (Exception e) {
            LangUtil.rethrowUnchecked(e);
            return 0;
        }
    }

    @Override
    public void configure(Aeron.Context aeronContext) {
        aeronContext.useConductorAgentInvoker(true); // its conductor is one of the agents above
    }

    /** Closes the engine's recordings in the agents' close order. */
    private record ClosingRecordings(RecordingCoordinator coordinator) implements Agent {

        @Override
        public int doWork() {
            return 0;
        }

        @Override
        public void onClose() {
            coordinator.close();
        }

        @Override
        public String roleName() {
            return "artio-recordings";
        }
    }
}
