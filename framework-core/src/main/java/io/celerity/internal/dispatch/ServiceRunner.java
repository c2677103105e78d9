package io.celerity.internal.dispatch;

import io.celerity.internal.history.InputHistory;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.loop.LoopParticipant;
import io.celerity.internal.restart.OutputFollower;
import io.celerity.internal.restart.ServiceRestore;
import io.celerity.internal.restart.SnapshotWriter;
import io.celerity.internal.restart.Standby;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.wire.DocumentContext;

import java.lang.reflect.Method;
import java.util.List;

/**
 * Runs one service's duty cycle: a pass reads at most one input of each normal input queue (each preceded by the
 * control messages waiting), then ticks its timer, takes a snapshot or beats its heartbeat when due. What one input
 * does is {@link InputDispatch}'s; a gated service follows its output in {@link Standby} until it takes over; its
 * {@link ServiceMode} is its context's. Built on the host thread; {@link #open}, {@link #doWork()} and
 * {@link #close()} run on the loop thread.
 */
public final class ServiceRunner implements LoopParticipant {

    /** Control messages read in one go at most: a flood of them holds normal inputs back, not the loop. */
    private static final int CONTROL_BATCH = 256;

    private final ServicePlan plan;
    private final ServiceConfig config;
    private final int normalInputs;
    private final int control; // index of the control input, or -1
    private final ServiceCounters stats;
    private final FailureReports failures;
    private final DispatchContext context;
    private final boolean quietLog;

    private ServiceOutput output;
    private InputDispatch inputs;
    private DeadLetters deadLetters;
    private SnapshotWriter snapshots;
    private ServiceTimer timer;
    private Standby standby; // while FOLLOWING
    private HopLatency latency;
    private InputHistory history;
    private int passes;

    /** @param quietLog whether its host is one of many started in turn on the same open queues: its lines at debug */
    public ServiceRunner(ServicePlan plan, boolean quietLog) {
        this.plan = plan;
        this.quietLog = quietLog;
        this.config = plan.config();
        this.normalInputs = config.inputs().size();
        this.control = config.control() == null ? -1 : normalInputs;
        this.stats = new ServiceCounters(config.name());
        this.failures = new FailureReports(config.name(), config.readQueues(), stats, plan.errorListener());
        this.context = new DispatchContext(config.name(), plan.clock(), plan.timestamps());
    }

    public ServiceCounters stats() {
        return stats;
    }

    @Override
    public String name() {
        return config.name();
    }

    /**
     * Builds the component, restores its state and positions every input, or starts following its output when it is
     * gated; appenders and tailers belong to the calling (loop) thread.
     *
     * @param loopHistory the loop thread's message history
     */
    @Override
    public void open(InputHistory loopHistory) {
        history = loopHistory;
        output = new ServiceOutput(plan, stats, context);
        ComponentType type = plan.type();
        List<Class<?>> outs = type.outputInterfaces();
        // Bound to this runner's appender so its writes nest inside the document opened per input.
        Object writer = outs.isEmpty() ? null
                : MethodCode.writer(plan.output(), output.componentOutput(), outs, name());
        Object component = type.newInstance(writer, context, plan.settings());
        if (plan.errors() != null) {
            deadLetters = new DeadLetters(name(), plan.errors());
            failures.writeTo(deadLetters);
        }
        // Every input then leaves a document, so a rebuild replays each one, in the order they were processed.
        inputs = new InputDispatch(plan, component, output, context, failures, stats, history,
                config.rebuild() == StateRebuild.REPLAY_INPUTS);
        if (latency != null)
            inputs.measure(latency);
        ServiceRestore restore = new ServiceRestore(config, plan.output(), plan.errors(), plan.snapshots(),
                plan.sourceIds(), quietLog);
        timer = ServiceTimer.of(config, type, component);
        if (plan.gate() != null)
            follow(component, restore);
        else
            restore(component, restore);
    }

    // It keeps no snapshots (refused by the configuration): its output is followed from its start.
    private void follow(Object component, ServiceRestore restore) {
        context.mode(ServiceMode.FOLLOWING);
        OutputFollower follower = config.rebuild() == StateRebuild.NONE ? null
                : new OutputFollower(config, plan.output().createTailer(), plan.sourceIds(), component,
                config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? plan.type().implementedOutputs() : List.of(),
                inputs.replay());
        standby = new Standby(config, plan.gate(), restore, inputs.tailers(), follower);
    }

    private void restore(Object component, ServiceRestore restore) {
        long[] resumePoints = restore.resumePoints();
        Method snapshotMethod = config.snapshot() == null ? null
                : plan.type().snapshotMethod(config.snapshot().method());
        if (restore.rebuilds()) {
            context.mode(ServiceMode.REBUILDING);
            try {
                restore.rebuild(component, plan.type(), snapshotMethod, inputs.replay());
            } finally {
                context.mode(ServiceMode.LIVE);
            }
        }
        if (snapshotMethod != null)
            snapshots = new SnapshotWriter(name(), config.snapshot(), plan.snapshots(), snapshotMethod, component,
                    stats.inputs(), System.nanoTime());
        restore.position(inputs.tailers(), resumePoints);
    }

    /**
     * One pass: at most one message from each normal input, each preceded by every control message waiting, then the
     * timer if due; or, while following, the standby's pass. Returns the work done.
     */
    @Override
    public int doWork() {
        if (context.mode() == ServiceMode.FOLLOWING)
            return followOrTakeOver();
        if (!output.replicasHoldLastOutput())
            return 0; // waiting for replicas is waiting, like waiting for input: the loop's pauser decides how
        // (each output's open asks again: one pass may read several inputs, and each output waits for the one before)
        int work = 0;
        for (int i = 0; i < normalInputs; i++) {
            if (control >= 0) {
                int drained = drainControl();
                work += drained;
                if (drained == CONTROL_BATCH)
                    break; // more control waiting: normal inputs wait for the next pass
            }
            work += inputs.readOne(i);
        }
        if (timer != null && timer.due())
            work += tick();
        if (snapshots != null && snapshots.due(stats.inputs())) {
            work++;
            if (snapshots.take(output.lastIndex(), stats.inputs(), plan.clock().currentTimeNanos()))
                stats.countSnapshot();
        }
        // Checked when idle, and now and then when busy with inputs that produce no output.
        if (output.hasHeartbeat() && (work == 0 || (++passes & 1023) == 0))
            work += output.beatIfQuiet(plan.clock().currentTimeNanos());
        return work;
    }

    private int followOrTakeOver() {
        int work = standby.work();
        if (standby.tookOver()) {
            standby = null;
            context.mode(ServiceMode.LIVE);
        }
        return work;
    }

    private int drainControl() {
        int n = 0;
        while (n < CONTROL_BATCH && inputs.readOne(control) > 0)
            n++;
        return n;
    }

    /** From now on, times each input (queue hop and service) for the metrics endpoint. */
    public HopLatency measureLatency() {
        latency = new HopLatency();
        if (inputs != null)
            inputs.measure(latency);
        return latency;
    }

    private int tick() {
        DocumentContext out = output.open();
        if (out == null)
            return 0; // nothing may be written yet (replicas, gate): the tick stays due
        stats.countTimerTick();
        history.reset(); // no input behind a tick: an acknowledged input's source must not be recorded again
        try {
            timer.tick(plan.clock().currentTimeNanos());
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            failures.timerFailed(config.timerMethod(), t);
        } finally {
            output.commit(out, false);
        }
        return 1;
    }

    /** Between passes that found no work: touches the output's next page, so that no message pays its page fault. */
    @Override
    public void idle() {
        if (context.mode() == ServiceMode.LIVE) // a follower's output is written by another host (its copy's sink)
            output.touchAhead();
    }

    /** Releases the tailers and the appender; the host closes the queues. */
    @Override
    public void close() {
        Closeable.closeQuietly(inputs);
        if (output != null)
            output.close();
        Closeable.closeQuietly(snapshots, deadLetters, standby);
    }
}
