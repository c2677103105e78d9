package io.celerity.runtime;

import io.celerity.api.ServiceContext;
import io.celerity.component.ComponentType;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.config.StateRebuild;
import io.celerity.config.SyncPolicy;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.core.util.InvocationTargetRuntimeException;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.ValueIn;
import net.openhft.chronicle.wire.WriteDocumentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Runs one service: reads its inputs round-robin through generated method readers, calls the component, and writes
 * everything one input causes as a single output document stamped with that input's message history. A control
 * input, if configured, is drained before each normal input. Built on the host thread; {@link #open(InputHistory)},
 * {@link #doWork()} and {@link #close()} run on the loop thread.
 */
final class ServiceRunner implements ServiceContext, LoopParticipant {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceRunner.class);
    /** Control messages read in one go at most: a flood of them holds normal inputs back, not the loop. */
    private static final int CONTROL_BATCH = 256;

    private final ServiceConfig config;
    private final List<String> readQueues;
    private final int normalInputs;
    private final int control; // index of the control input, or -1
    private final ComponentType type;
    private final Object settings;
    private final ChronicleQueue[] inputs;
    private final int[] sourceIds;
    private final List<List<Class<?>>> inputEvents;
    private final ChronicleQueue output;
    private final ChronicleQueue snapshotQueue;
    private final ChronicleQueue errorsQueue;
    private final SyncPolicy outputSyncPolicy;
    private final TimeProvider clock;
    private final UniqueTimestamps timestamps;
    private final ServiceStats stats;
    private final FailureReports failures;
    private final boolean acknowledgeEveryInput;

    private ExcerptAppender appender;
    private OutputSync outputSync;
    private boolean syncAsked;
    private AllowedTypes allowedTypes;
    private HistoryRecordingOut writerTarget;
    private DeadLetters deadLetters;
    private SnapshotWriter snapshots;
    private boolean rebuilding;
    private UniqueTimestamps replayTimestamps;
    private ExcerptTailer[] tailers;
    private AbstractGeneratedMethodReader[] readers;
    private MethodHandle timer;
    private long timerPeriodNanos;
    private Heartbeat heartbeat;
    private int passes;
    private boolean heartbeatRead;
    private HopLatency latency;
    private long nextTickNanos;

    private PageToucher outputPages;

    private DocumentContext inputOutput; // the output document of the input in hand; null between inputs
    private int currentInput;
    private long currentIndex;
    private Bytes<?> inputBytes; // the input document in hand, from inputStart to its read limit
    private long inputStart;

    private InputHistory history;

    /**
     * @param inputs        the queues of {@link ServiceConfig#readQueues()}: the inputs, then the control queue if any
     * @param sourceIds     their configured source ids, in the same order
     * @param inputEvents   per read queue, the interfaces whose events it carries (empty: any)
     * @param snapshotQueue where it writes snapshots, or {@code null}
     * @param errorsQueue   where it reports failed inputs, or {@code null}
     */
    ServiceRunner(ServiceConfig config, ComponentType type, Object settings, ChronicleQueue[] inputs, int[] sourceIds,
                  List<List<Class<?>>> inputEvents, ChronicleQueue output, ChronicleQueue snapshotQueue,
                  ChronicleQueue errorsQueue, SyncPolicy outputSyncPolicy, TimeProvider clock,
                  UniqueTimestamps timestamps, HandlerErrorListener errorListener) {
        this.config = config;
        this.readQueues = config.readQueues();
        this.normalInputs = config.inputs().size();
        this.control = config.control() == null ? -1 : normalInputs;
        this.type = type;
        this.settings = settings;
        this.inputs = inputs;
        this.sourceIds = sourceIds;
        this.inputEvents = inputEvents;
        this.output = output;
        this.snapshotQueue = snapshotQueue;
        this.errorsQueue = errorsQueue;
        this.outputSyncPolicy = outputSyncPolicy;
        this.clock = clock;
        this.timestamps = timestamps;
        this.stats = new ServiceStats(config.name());
        this.failures = new FailureReports(config.name(), readQueues, stats, errorListener);
        // Every input then leaves a document, so a rebuild replays each one, in the order they were processed.
        this.acknowledgeEveryInput = config.rebuild() == StateRebuild.REPLAY_INPUTS;
    }

    ServiceStats stats() {
        return stats;
    }

    @Override
    public String name() {
        return config.name();
    }

    /**
     * Builds the component and positions every input; appenders and tailers belong to the calling (loop) thread.
     *
     * @param history the loop thread's message history
     */
    @Override
    public void open(InputHistory history) {
        this.history = history;
        appender = output.createAppender();
        outputSync = new OutputSync(appender, output, outputSyncPolicy, stats);
        allowedTypes = new AllowedTypes(type.messageTypes());
        writerTarget = new HistoryRecordingOut(appender);
        List<Class<?>> outs = type.outputInterfaces();
        Object writer = null;
        if (!outs.isEmpty()) {
            // Bound to this runner's appender so its writes nest inside the document opened per input.
            writer = MethodCode.writer(output, writerTarget, outs, config.name());
        }
        Object component = type.newInstance(writer, this, settings);

        if (errorsQueue != null) {
            deadLetters = new DeadLetters(config.name(), errorsQueue);
            failures.writeTo(deadLetters);
        }
        long[] resumeAfter = config.startFrom() == StartFrom.LAST_WRITTEN
                ? RestartPoint.lastProcessedIndices(output, errorsQueue, sourceIds) : null;
        tailers = new ExcerptTailer[inputs.length];
        readers = new AbstractGeneratedMethodReader[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            tailers[i] = inputs[i].createTailer();
            readers[i] = MethodCode.reader(tailers[i], this::unknownEvent,
                    new AcceptedEvents(type.inputInterfaces(), inputEvents.get(i)), config.name(), component);
        }
        Method snapshotMethod = config.snapshot() == null ? null : type.snapshotMethod(config.snapshot().method());
        if (config.rebuild() != StateRebuild.NONE)
            rebuildState(component, snapshotMethod);
        if (snapshotMethod != null)
            snapshots = new SnapshotWriter(config.name(), config.snapshot(), snapshotQueue, snapshotMethod, component,
                    stats.inputs(), System.nanoTime());
        for (int i = 0; i < inputs.length; i++)
            position(i, resumeAfter == null ? RestartPoint.NONE : resumeAfter[i]);
        if (config.heartbeat() != null)
            heartbeat = new Heartbeat(config.heartbeat().toNanos());
        if (config.timerMethod() != null) {
            timer = ComponentType.timerHandle(type.timerMethod(config.timerMethod()), component);
            timerPeriodNanos = config.timerPeriod().toNanos();
            nextTickNanos = System.nanoTime() + timerPeriodNanos;
        }
    }

    /** Restores the component's state, outputs suppressed and ids drawn from a sequence of the replay's own. */
    private void rebuildState(Object component, Method snapshotMethod) {
        writerTarget.suppress(true);
        replayTimestamps = timestamps.detached();
        rebuilding = true;
        try {
            new StateRebuilder(config, output, sourceIds, snapshotQueue,
                    snapshotMethod == null ? null : snapshotMethod.getParameterTypes()[0],
                    config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? type.implementedOutputs() : List.of())
                    .rebuild(component, this::replay);
        } finally {
            rebuilding = false;
            writerTarget.suppress(false);
        }
    }

    private void replay(int input, long index) {
        ExcerptTailer tailer = tailers[input];
        // Replays mostly read on from the previous one: seek only when the next index is not the one wanted.
        if (tailer.index() != index && !tailer.moveToIndex(index))
            throw new IllegalStateException("service '" + config.name() + "': cannot rebuild its state: input '"
                    + readQueues.get(input) + "' no longer holds index " + Long.toHexString(index));
        try (DocumentContext in = tailer.readingDocument()) {
            allowedTypes.applyTo(in.wire());
            history.input(sourceIds[input], index);
            readers[input].readOne0(in);
        } catch (RuntimeException e) {
            // it failed the first time too (handler or decoding); it was counted and reported then
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Error e) {
            // as above: an Error from the handler the first time round
        }
    }

    private void position(int i, long lastProcessed) {
        ExcerptTailer tailer = tailers[i];
        String input = readQueues.get(i);
        if (config.startFrom() == StartFrom.END) {
            tailer.toEnd();
        } else if (lastProcessed == RestartPoint.NONE) {
            tailer.toStart();
        } else if (tailer.moveToIndex(lastProcessed)) {
            try (DocumentContext skipped = tailer.readingDocument()) {
                assert skipped.isPresent();
            }
            LOG.info("{}: input '{}' resumes after index {}", config.name(), input, Long.toHexString(lastProcessed));
        } else {
            throw new IllegalStateException("service '" + config.name() + "': input '" + input + "' no longer holds "
                    + "index " + Long.toHexString(lastProcessed) + ", the last one processed; cannot resume exactly");
        }
    }

    /**
     * One pass: at most one message from each normal input, each preceded by every control message waiting, then the
     * timer if due. Returns the work done.
     */
    @Override
    public int doWork() {
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
        if (timer != null && System.nanoTime() >= nextTickNanos)
            work += tick();
        if (snapshots != null && snapshots.due(stats.inputs()))
            work += takeSnapshot();
        // Checked when idle, and now and then when busy with inputs that produce no output.
        if (heartbeat != null && (work == 0 || (++passes & 1023) == 0))
            work += heartbeat.beatIfQuiet(appender, clock.currentTimeNanos());
        return work;
    }

    private int takeSnapshot() {
        if (snapshots.take(output.lastIndex(), stats.inputs(), clock.currentTimeNanos()))
            stats.countSnapshot();
        return 1;
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
                out = openOutput();
            } catch (Throwable e) { // Chronicle throws checked IOExceptions undeclared, e.g. a cycle file not created
                in.rollbackOnClose(); // no output possible (e.g. disk full): keep the input for the next attempt
                throw e;
            }
            inputOutput = out;
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
                    badMessage(e.getCause().getMessage()); // e.g. a snapshot event on an input queue
                else
                    failures.handlerFailed(i, currentIndex, e.getCause(), inputBytes, inputStart);
            } catch (RuntimeException e) {
                acknowledgeInput();
                if (allowedTypes.takeRejection())
                    rejectedType();
                else
                    badMessage(e.toString());
            } catch (VirtualMachineError e) {
                throw e;
            } catch (Error e) {
                // The generated reader wraps only Exceptions: an Error here came from the handler (e.g. an assert).
                acknowledgeInput();
                failures.handlerFailed(i, currentIndex, e, inputBytes, inputStart);
            } finally {
                inputOutput = null;
                Throwable unreported = failures.takeWriteFailure();
                if (unreported != null)
                    in.rollbackOnClose(); // its failure report could not be written: read it again, acknowledge nothing
                commitOrRollBack(out, unreported != null);
                if (unreported != null)
                    throw Jvm.rethrow(unreported);
                if (heartbeatRead) {
                    heartbeatRead = false;
                } else {
                    stats.countInput();
                    if (latency != null)
                        recordLatency(readNanos);
                }
            }
            return 1;
        }
    }

    /** From now on, times each input (queue hop and service) for the metrics endpoint. */
    HopLatency measureLatency() {
        latency = new HopLatency();
        return latency;
    }

    // An input with history ends with [upstream write, this read]; a plain producer's input has no history.
    private void recordLatency(long readNanos) {
        int n = history.timings();
        if (n >= 2)
            latency.record(history.timing(n - 2), history.timing(n - 1), System.nanoTime());
        else
            latency.record(0, readNanos, System.nanoTime());
    }

    /** The input in hand is done with, even if it wrote nothing. The reader has reset the history by now. */
    private void acknowledgeInput() {
        history.reset(sourceIds[currentInput], currentIndex);
        acknowledge();
    }

    private int tick() {
        nextTickNanos = System.nanoTime() + timerPeriodNanos;
        stats.countTimerTick();
        history.reset(); // no input behind a tick: an acknowledged input's source must not be recorded again
        DocumentContext out = openOutput();
        try {
            timer.invokeExact(clock.currentTimeNanos());
        } catch (VirtualMachineError e) {
            throw e;
        } catch (Throwable t) {
            failures.timerFailed(config.timerMethod(), t);
        } finally {
            commitOrRollBack(out, false);
        }
        return 1;
    }

    /** The output document of the event in hand; after a failed open, Chronicle's appender is left fit to retry. */
    private DocumentContext openOutput() {
        try {
            return appender.writingDocument();
        } catch (Throwable e) {
            AppenderRepair.afterFailedOpen(appender, output, e);
            throw e;
        }
    }

    // An event that wrote nothing leaves no empty document behind; one that did is synced if asked or configured.
    private void commitOrRollBack(DocumentContext out, boolean discard) {
        boolean sync = syncAsked;
        syncAsked = false;
        boolean empty = discard || ((WriteDocumentContext) out).isEmpty();
        if (empty) {
            out.rollbackOnClose();
        } else {
            stats.countOutput();
            if (heartbeat != null)
                heartbeat.outputWritten();
        }
        out.close();
        if (!empty)
            outputSync.committed(sync);
    }

    private void unknownEvent(CharSequence event, ValueIn in) {
        in.skipValue();
        if (Heartbeat.EVENT.contentEquals(event)) {
            heartbeatRead = true; // upstream is alive: not an input of ours
            return;
        }
        if (rebuilding)
            return; // counted and reported when it first arrived
        acknowledge();
        badMessage("unknown event '" + event + "'");
    }

    private void rejectedType() {
        failures.rejectedType(currentInput, currentIndex, allowedTypes.rejectedName(), allowedTypes.allowedNames(),
                inputBytes, inputStart);
    }

    private void badMessage(String problem) {
        failures.badMessage(currentInput, currentIndex, problem, inputBytes, inputStart);
    }

    /** Between passes that found no work: touches the output's next page, so that no message pays its page fault. */
    @Override
    public void idle() {
        if (outputPages == null)
            outputPages = new PageToucher(appender);
        outputPages.touchAhead();
    }

    /** Releases the tailers and the appender; the host closes the queues. */
    @Override
    public void close() {
        if (readers != null)
            Closeable.closeQuietly((Object[]) readers);
        if (tailers != null)
            Closeable.closeQuietly((Object[]) tailers);
        Closeable.closeQuietly(appender, snapshots, deadLetters);
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
        // Replays must not use up ids: live ids after a restart continue exactly where they would have.
        return rebuilding ? replayTimestamps.next() : timestamps.next();
    }

    @Override
    public void syncOutputs() {
        syncAsked = !rebuilding; // a replay writes nothing to sync
    }

    @Override
    public void acknowledge() {
        DocumentContext out = inputOutput;
        if (out != null)
            MessageHistory.writeHistory(out);
    }
}
