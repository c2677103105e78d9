package io.celerity.internal.dispatch;

import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.EventNotAccepted;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.loop.LoopParticipant;
import io.celerity.internal.restart.OutputFollower;
import io.celerity.internal.restart.ServiceRestore;
import io.celerity.internal.restart.SnapshotWriter;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.util.InvocationTargetRuntimeException;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.ValueIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Method;
import java.util.List;

/**
 * Runs one service: reads its inputs round-robin through generated method readers, calls the component, and writes
 * everything one input causes as a single output document stamped with that input's message history. A control
 * input, if configured, is drained before each normal input. Built on the host thread; {@link #open(InputHistory)},
 * {@link #doWork()} and {@link #close()} run on the loop thread.
 */
public final class ServiceRunner implements LoopParticipant {

    /** Control messages read in one go at most: a flood of them holds normal inputs back, not the loop. */
    private static final int CONTROL_BATCH = 256;
    /** Outputs a standby takes back in one pass at most: the loop's other participants run between. */
    private static final int FOLLOW_BATCH = 256;
    private static final long INPUT_WAIT_NANOS = 100_000_000; // then the loop's back-off, as for replicas
    private static final Logger LOG = LoggerFactory.getLogger(ServiceRunner.class);

    private final ServicePlan plan;
    private final ServiceConfig config;
    private final int normalInputs;
    private final int control; // index of the control input, or -1
    private final int[] sourceIds;
    private final ServiceCounters stats;
    private final FailureReports failures;
    private final DispatchContext context;
    private final boolean acknowledgeEveryInput;

    private ServiceOutput output;
    private AllowedTypes allowedTypes;
    private DeadLetters deadLetters;
    private SnapshotWriter snapshots;
    private ExcerptTailer[] tailers;
    private AbstractGeneratedMethodReader[] readers;
    private ServiceTimer timer;
    private int passes;
    private boolean heartbeatRead;
    private ServiceRestore restore;
    private boolean standingBy; // a highly available service on a host that does not hold its lease (yet)
    private OutputFollower follower; // while standing by: its state kept warm from the output, unless it keeps none
    private long[] takeoverPoints; // the last input each output answers, once this host holds its lease
    private long awaitingInputSince; // holding its lease while an input's copy is behind; 0: not
    private HopLatency latency;
    private InputHistory history;

    // The input in hand: which read queue, its index, and its document's bytes from inputStart to their read limit.
    private int currentInput;
    private long currentIndex;
    private Bytes<?> inputBytes;
    private long inputStart;

    public ServiceRunner(ServicePlan plan) {
        this.plan = plan;
        this.config = plan.config();
        this.normalInputs = config.inputs().size();
        this.control = config.control() == null ? -1 : normalInputs;
        this.sourceIds = plan.sourceIds();
        this.stats = new ServiceCounters(config.name());
        this.failures = new FailureReports(config.name(), config.readQueues(), stats, plan.errorListener());
        this.context = new DispatchContext(config.name(), plan.clock(), plan.timestamps());
        // Every input then leaves a document, so a rebuild replays each one, in the order they were processed.
        this.acknowledgeEveryInput = config.rebuild() == StateRebuild.REPLAY_INPUTS;
    }

    public ServiceCounters stats() {
        return stats;
    }

    @Override
    public String name() {
        return config.name();
    }

    /**
     * Builds the component, restores its state and positions every input; appenders and tailers belong to the calling
     * (loop) thread.
     *
     * @param history the loop thread's message history
     */
    @Override
    public void open(InputHistory history) {
        this.history = history;
        output = new ServiceOutput(plan, stats, context);
        ComponentType type = plan.type();
        allowedTypes = new AllowedTypes(type.messageTypes());
        List<Class<?>> outs = type.outputInterfaces();
        // Bound to this runner's appender so its writes nest inside the document opened per input.
        Object writer = outs.isEmpty() ? null : MethodCode.writer(plan.output(), output.writerTarget(), outs, name());
        Object component = type.newInstance(writer, context, plan.settings());
        if (plan.errors() != null) {
            deadLetters = new DeadLetters(name(), plan.errors());
            failures.writeTo(deadLetters);
        }
        restore = new ServiceRestore(config, plan.output(), plan.errors(), plan.snapshots(), sourceIds);
        tailers = new ExcerptTailer[plan.inputs().length];
        readers = new AbstractGeneratedMethodReader[tailers.length];
        for (int i = 0; i < tailers.length; i++) {
            tailers[i] = plan.inputs()[i].createTailer();
            readers[i] = MethodCode.reader(tailers[i], this::unknownEvent,
                    new AcceptedEvents(type.inputInterfaces(), plan.inputEvents().get(i)), name(), component);
        }
        timer = ServiceTimer.of(config, type, component);
        if (plan.primacy() != null) {
            standBy(component);
            return;
        }
        long[] resumePoints = restore.resumePoints();
        Method snapshotMethod = config.snapshot() == null ? null : type.snapshotMethod(config.snapshot().method());
        if (restore.rebuilds())
            rebuildState(restore, component, snapshotMethod);
        if (snapshotMethod != null)
            snapshots = new SnapshotWriter(name(), config.snapshot(), plan.snapshots(), snapshotMethod, component,
                    stats.inputs(), System.nanoTime());
        restore.position(tailers, resumePoints);
    }

    // Outputs suppressed until it takes over; it has no snapshots (refused by the configuration), so the output
    // copy is followed from its start.
    private void standBy(Object component) {
        standingBy = true;
        output.writerTarget().suppress(true);
        context.rebuilding();
        if (config.rebuild() != StateRebuild.NONE)
            follower = new OutputFollower(config, plan.output().createTailer(), sourceIds, component,
                    config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? plan.type().implementedOutputs() : List.of(),
                    new InputReplay(plan, tailers, readers, allowedTypes, history));
        LOG.info("{}: standing by, its state kept warm from its output; it writes once this host holds its lease",
                name());
    }

    /**
     * While standing by: takes over once this host holds the lease and its copy of each input holds what the last
     * output answers, else takes back the outputs that arrived.
     */
    private int standByWork() {
        if (!plan.primacy().holds(System.nanoTime())) {
            takeoverPoints = null; // the output's copy may grow again
            awaitingInputSince = 0;
            return follower == null ? 0 : follower.follow(FOLLOW_BATCH);
        }
        long start = awaitingInputSince != 0 ? awaitingInputSince : System.nanoTime();
        long replayed = 0;
        if (follower != null) {
            replayed = follower.followToEnd(); // the copy no longer grows: this host's copy is now the source
            if (follower.inputBehind())
                return awaitInput(-1);
        }
        if (takeoverPoints == null)
            takeoverPoints = restore.resumePoints();
        int behind = restore.firstInputBehind(tailers, takeoverPoints);
        if (behind >= 0)
            return awaitInput(behind);
        if (follower != null) {
            follower.close();
            follower = null;
        }
        standingBy = false;
        context.rebuilt();
        output.writerTarget().suppress(false);
        restore.position(tailers, takeoverPoints);
        LOG.info("{}: took over as primary: {} output(s) taken back while standing by; the last {} ms",
                name(), replayed, (System.nanoTime() - start) / 1_000_000);
        return 1;
    }

    /**
     * The input's copy here is behind the output's: taking over now would answer its inputs again. Waits, as for
     * replicas: after 100 ms it throws, so the loop backs it off and, after {@code writeFailureTimeout}, stops the host
     * (its lease then runs out, and another candidate may take over).
     */
    private int awaitInput(int input) {
        long now = System.nanoTime();
        String what = input < 0 ? "an input" : "input '" + config.readQueues().get(input) + "'";
        if (awaitingInputSince == 0) {
            awaitingInputSince = now;
            LOG.warn("{}: holds its lease, but its copy of {} does not yet hold the input its last output answers; "
                    + "taking over once it does", name(), what);
        } else if (now - awaitingInputSince > INPUT_WAIT_NANOS) {
            throw new IllegalStateException("service '" + name() + "' holds its lease, but its copy of " + what
                    + " does not yet hold the input its last output answers");
        }
        return 0;
    }

    // Outputs suppressed, ids drawn from a sequence of the replay's own.
    private void rebuildState(ServiceRestore restore, Object component, Method snapshotMethod) {
        output.writerTarget().suppress(true);
        context.rebuilding();
        try {
            restore.rebuild(component, plan.type(), snapshotMethod,
                    new InputReplay(plan, tailers, readers, allowedTypes, history));
        } finally {
            context.rebuilt();
            output.writerTarget().suppress(false);
        }
    }

    /**
     * One pass: at most one message from each normal input, each preceded by every control message waiting, then the
     * timer if due. Returns the work done.
     */
    @Override
    public int doWork() {
        if (standingBy)
            return standByWork();
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
            work += readOne(i);
        }
        if (timer != null && timer.due())
            work += tick();
        if (snapshots != null && snapshots.due(stats.inputs())) {
            work++;
            if (snapshots.take(plan.output().lastIndex(), stats.inputs(), plan.clock().currentTimeNanos()))
                stats.countSnapshot();
        }
        // Checked when idle, and now and then when busy with inputs that produce no output.
        if (output.hasHeartbeat() && (work == 0 || (++passes & 1023) == 0))
            work += output.beatIfQuiet(plan.clock().currentTimeNanos());
        return work;
    }

    private int drainControl() {
        int n = 0;
        while (n < CONTROL_BATCH && readOne(control) > 0)
            n++;
        return n;
    }

    private int readOne(int i) {
        try (DocumentContext in = tailers[i].readingDocument()) {
            if (!in.isPresent())
                return 0;
            long readNanos = latency == null ? 0 : System.nanoTime();
            allowedTypes.applyTo(in.wire());
            currentInput = i;
            currentIndex = in.index();
            inputBytes = in.wire().bytes();
            inputStart = inputBytes.readPosition();
            history.input(sourceIds[i], currentIndex);
            DocumentContext out;
            try {
                out = output.open();
            } catch (Throwable e) { // Chronicle throws checked IOExceptions undeclared, e.g. a cycle file not created
                in.rollbackOnClose(); // no output possible (e.g. disk full): keep the input for the next attempt
                throw e;
            }
            if (out == null) {
                in.rollbackOnClose(); // the last output is not yet held by its replicas: read this input again later
                return 0;
            }
            context.inputOutput(out);
            try {
                readers[i].readOne0(in);
                if (allowedTypes.takeRejection()) {
                    acknowledgeInput();
                    rejectedType(); // Chronicle swallowed the refusal and left a field at its default: still reported
                } else if (acknowledgeEveryInput && !heartbeatRead) {
                    acknowledgeInput();
                }
            } catch (InvocationTargetRuntimeException e) {
                acknowledgeInput();
                if (e.getCause() instanceof EventNotAccepted)
                    failures.notAccepted(i, currentIndex, e.getCause(), inputBytes, inputStart); // e.g. a snapshot event
                else
                    failures.handlerFailed(i, currentIndex, e.getCause(), inputBytes, inputStart);
            } catch (RuntimeException e) {
                acknowledgeInput();
                if (allowedTypes.takeRejection())
                    rejectedType();
                else
                    failures.undecodable(i, currentIndex, e, inputBytes, inputStart);
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Error e) {
                // The generated reader wraps only Exceptions: an Error here came from the handler (e.g. an assert).
                acknowledgeInput();
                failures.handlerFailed(i, currentIndex, e, inputBytes, inputStart);
            } finally {
                context.inputOutput(null);
                Throwable unreported = failures.takeWriteFailure();
                if (unreported != null)
                    in.rollbackOnClose(); // its failure report could not be written: read it again, acknowledge nothing
                output.commit(out, unreported != null);
                if (unreported != null)
                    throw Jvm.rethrow(unreported);
                if (heartbeatRead) {
                    heartbeatRead = false;
                } else {
                    stats.countInput();
                    if (latency != null)
                        latency.record(history, readNanos);
                }
            }
            return 1;
        }
    }

    /** From now on, times each input (queue hop and service) for the metrics endpoint. */
    public HopLatency measureLatency() {
        latency = new HopLatency();
        return latency;
    }

    /** The input in hand is done with, even if it wrote nothing. The reader has reset the history by now. */
    private void acknowledgeInput() {
        history.reset(sourceIds[currentInput], currentIndex);
        context.acknowledge();
    }

    private int tick() {
        DocumentContext out = output.open();
        if (out == null)
            return 0; // the last output is not yet held by its replicas: the tick stays due
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

    private void unknownEvent(CharSequence event, ValueIn in) {
        in.skipValue();
        if (Heartbeat.EVENT.contentEquals(event)) {
            heartbeatRead = true; // upstream is alive: not an input of ours
            return;
        }
        if (context.isRebuilding())
            return; // counted and reported when it first arrived
        context.acknowledge();
        failures.unknownEvent(currentInput, currentIndex, event, inputBytes, inputStart);
    }

    private void rejectedType() {
        failures.rejectedType(currentInput, currentIndex, allowedTypes.rejectedName(), allowedTypes.allowedNames(),
                inputBytes, inputStart);
    }

    /** Between passes that found no work: touches the output's next page, so that no message pays its page fault. */
    @Override
    public void idle() {
        if (!standingBy) // a standby's output is its copy, written by the replication's sink
            output.touchAhead();
    }

    /** Releases the tailers and the appender; the host closes the queues. */
    @Override
    public void close() {
        if (readers != null)
            Closeable.closeQuietly((Object[]) readers);
        if (tailers != null)
            Closeable.closeQuietly((Object[]) tailers);
        if (output != null)
            output.close();
        Closeable.closeQuietly(snapshots, deadLetters, follower);
    }
}
