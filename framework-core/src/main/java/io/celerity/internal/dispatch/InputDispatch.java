package io.celerity.internal.dispatch;

import io.celerity.internal.history.InputHistory;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.EventNotAccepted;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.component.ComponentType;
import io.celerity.internal.encryption.CipherQueue;
import io.celerity.internal.encryption.ReportableDocument;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.Jvm;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.util.InvocationTargetRuntimeException;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.ValueIn;

/**
 * Dispatches one input at a time to a service's component: reads it through the read queue's generated method reader
 * into one output document stamped with its message history, and reports what fails (handler errors, undecodable
 * messages, unknown events, refused types) without losing the input. Holds the input in hand for Chronicle's
 * call-backs. Loop thread only.
 */
final class InputDispatch implements AutoCloseable {

    private final ServicePlan plan;
    private final ServiceOutput output;
    private final DispatchContext context;
    private final FailureReports failures;
    private final ServiceCounters stats;
    private final InputHistory history;
    private final AllowedTypes allowedTypes;
    private final ExcerptTailer[] tailers;
    private final boolean[] opened; // per read queue: its documents are opened ones (encrypted), each reportable
    private final AbstractGeneratedMethodReader[] readers;
    private final int[] sourceIds;
    private final boolean acknowledgeEveryInput;
    private final boolean openOutputFirst; // else its document is opened only for an acknowledgement
    private HopLatency latency;
    private boolean heartbeatRead;
    // An acknowledgement of a component that writes nothing, whose handler has run but whose document is not written yet.
    private boolean acknowledgementPending;
    private int pendingSourceId;
    private long pendingIndex;
    private long pendingReadNanos;

    // The input in hand: which read queue, its index, and its document's bytes from inputStart to their read limit.
    private int currentInput;
    private long currentIndex;
    private Bytes<?> inputBytes;
    private long inputStart;

    /**
     * @param acknowledgeEveryInput whether every input leaves a document, so a rebuild replays each one in order
     */
    InputDispatch(ServicePlan plan, Object component, ServiceOutput output, DispatchContext context,
                  FailureReports failures, ServiceCounters stats, InputHistory history, boolean acknowledgeEveryInput) {
        this.plan = plan;
        this.output = output;
        this.context = context;
        this.failures = failures;
        this.stats = stats;
        this.history = history;
        this.acknowledgeEveryInput = acknowledgeEveryInput;
        // A component that can write gets its document before its handler runs: a write then cannot fail to open
        // half-way through its handler. One that writes nothing leaves a document only to acknowledge an input.
        this.openOutputFirst = !plan.type().outputInterfaces().isEmpty() || acknowledgeEveryInput;
        this.sourceIds = plan.sourceIds();
        ComponentType type = plan.type();
        this.allowedTypes = new AllowedTypes(type.messageTypes());
        this.tailers = new ExcerptTailer[plan.inputs().length];
        this.readers = new AbstractGeneratedMethodReader[tailers.length];
        this.opened = new boolean[tailers.length];
        for (int i = 0; i < tailers.length; i++) {
            tailers[i] = plan.inputs()[i].createTailer();
            int input = i;
            // an encrypted input that does not authenticate: never given to the component, counted and reported
            CipherQueue.onRefused(tailers[i], refused -> failures.refused(input, refused));
            opened[i] = CipherQueue.opens(tailers[i]);
            readers[i] = MethodCode.reader(tailers[i], this::unknownEvent,
                    new AcceptedEvents(type.inputInterfaces(), plan.inputEvents().get(i)), plan.name(), component);
        }
    }

    /** The tailers of the read queues, in their order: where restart positions them. */
    ExcerptTailer[] tailers() {
        return tailers;
    }

    /** Reads inputs again through the same readers while the service rebuilds or follows; they write nowhere then. */
    InputReplay replay() {
        return new InputReplay(plan, tailers, readers, allowedTypes, history);
    }

    /** From now on, times each input (queue hop and service). */
    void measure(HopLatency hopLatency) {
        this.latency = hopLatency;
    }

    /** Dispatches the next message of read queue {@code i}, if any; returns 1 if it did, else 0. */
    int readOne(int i) {
        if (acknowledgementPending && !writePendingAcknowledgement())
            return 0; // an input already handled waits for its acknowledgement: nothing more is read until it is written
        try (DocumentContext in = tailers[i].readingDocument()) {
            if (!in.isPresent())
                return 0;
            allowedTypes.applyTo(in.wire());
            currentInput = i;
            currentIndex = in.index();
            // not `in instanceof`: a class that does not implement an interface is scanned for it at each check
            inputBytes = opened[i] ? ((ReportableDocument) in).reportableBytes() : in.wire().bytes();
            inputStart = inputBytes.readPosition();
            history.input(sourceIds[i], currentIndex);
            DocumentContext out = null; // a component that writes nothing gets one only to acknowledge, after its handler
            boolean mayWrite;
            try {
                if (openOutputFirst)
                    mayWrite = (out = output.open()) != null;
                else
                    mayWrite = output.mayWrite();
            } catch (Throwable e) { // Chronicle throws checked IOExceptions undeclared, e.g. a cycle file not created
                in.rollbackOnClose(); // no output possible (e.g. disk full): keep the input for the next attempt
                throw e;
            }
            if (!mayWrite) {
                in.rollbackOnClose(); // nothing may be written yet (replicas, gate): read this input again later
                return 0;
            }
            dispatch(i, in, out);
        }
        if (acknowledgementPending)
            writePendingAcknowledgement(); // its input is read: if this throws, the next pass tries it first
        return 1;
    }

    /**
     * Writes the acknowledgement that waits, if anything may be written now; returns whether it did. Throws, still
     * waiting, when its document cannot be opened or committed: the loop backs the service off and tries again.
     */
    boolean writePendingAcknowledgement() {
        if (!output.mayWrite())
            return false;
        DocumentContext ack = output.openChecked();
        history.record(pendingSourceId, pendingIndex, pendingReadNanos);
        MessageHistory.writeHistory(ack);
        history.reset(); // the loop's other participants start from no input
        output.commit(ack, false);
        acknowledgementPending = false;
        return true;
    }

    private void dispatch(int i, DocumentContext in, DocumentContext out) {
        context.startInput(out);
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
            context.endInput();
            Throwable unreported = failures.takeWriteFailure();
            if (unreported != null)
                in.rollbackOnClose(); // its failure report could not be written: read it again, acknowledge nothing
            if (out == null) {
                acknowledgeLaterIfAsked(unreported != null);
            } else {
                try {
                    output.commit(out, unreported != null);
                } catch (Throwable e) { // the output could not be written (e.g. sealed): keep the input for the next attempt
                    in.rollbackOnClose();
                    throw e;
                }
            }
            if (unreported != null)
                throw Jvm.rethrow(unreported);
            counted();
        }
    }

    // A component that writes nothing: its input leaves a document only when it was acknowledged. Its handler has run,
    // so the input is not read again if that document cannot be written now: it waits, with what the component asked
    // of it (sync, replicas).
    private void acknowledgeLaterIfAsked(boolean discard) {
        if (!context.takeAcknowledgeAsked() || discard) {
            output.nothingWritten();
            return;
        }
        acknowledgementPending = true;
        pendingSourceId = sourceIds[currentInput];
        pendingIndex = currentIndex;
        pendingReadNanos = history.readNanos();
    }

    private void counted() {
        if (heartbeatRead) {
            heartbeatRead = false;
        } else {
            if (latency != null)
                latency.record(history); // before the count: whoever sees the count sees this input timed
            stats.countInput();
        }
    }

    /** The input in hand is done with, even if it wrote nothing: its document records it, not what it carried. */
    private void acknowledgeInput() {
        history.forInputInHand();
        context.acknowledge();
    }

    private void unknownEvent(CharSequence event, ValueIn in) {
        in.skipValue();
        if (Heartbeat.EVENT.contentEquals(event)) {
            heartbeatRead = true; // upstream is alive: not an input of ours
            return;
        }
        if (!context.mode().writes())
            return; // counted and reported when it first arrived
        context.acknowledge();
        failures.unknownEvent(currentInput, currentIndex, event, inputBytes, inputStart);
    }

    private void rejectedType() {
        failures.rejectedType(currentInput, currentIndex, allowedTypes.rejectedName(), allowedTypes.allowedNames(),
                inputBytes, inputStart);
    }

    /** Releases the readers and tailers. */
    @Override
    public void close() {
        Closeable.closeQuietly((Object[]) readers);
        Closeable.closeQuietly((Object[]) tailers);
    }
}
