package io.celerity.internal.dispatch;

import io.celerity.extension.OutputGate;
import io.celerity.internal.chronicle.AppenderRepair;
import io.celerity.internal.chronicle.LastIndex;
import io.celerity.internal.chronicle.PageToucher;
import io.celerity.internal.encryption.StoredQueue;
import io.celerity.internal.loop.HostMustStop;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.WriteDocumentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;

/**
 * A service's output queue as its loop writes it: one document per event, left out when the event wrote nothing,
 * synced as configured or asked, kept alive by a heartbeat when quiet. Loop thread only.
 */
final class ServiceOutput {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceOutput.class);

    private static final long ACK_WAIT_NANOS = Duration.ofMillis(100).toNanos(); // then the loop's back-off

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final ComponentOutput componentOutput;
    private final OutputSync sync;
    private final ServiceCounters stats;
    private final Heartbeat heartbeat; // null: none configured
    private final OutputAcks acks;
    private final DispatchContext context;
    private final OutputGate gate; // null: it always writes
    private boolean gateClosed; // as last seen: said once per closing
    private long unacknowledged = -1; // the last output not yet known to be held by enough replicas, or -1
    private int unacknowledgedReplicas;
    private long waitingSinceNanos; // when the wait for the replicas of the last output began; 0: not waiting
    private PageToucher pages;
    private final LastIndex lastIndex;

    ServiceOutput(ServicePlan plan, ServiceCounters stats, DispatchContext context) {
        this.context = context;
        this.queue = plan.output();
        this.appender = queue.createAppender();
        this.componentOutput = new ComponentOutput(appender, context);
        this.sync = new OutputSync(appender, queue, plan.outputSync(), stats);
        this.stats = stats;
        this.heartbeat = plan.config().heartbeat() == null ? null : new Heartbeat(plan.config().heartbeat().toNanos());
        this.acks = plan.outputAcks();
        this.gate = plan.gate();
        this.lastIndex = new LastIndex(StoredQueue.of(queue)); // an index only: nothing to open
        context.output(appender, stats, acks);
    }

    /** What the component's method writer writes to: this queue, or nothing while the service is not live. */
    ComponentOutput componentOutput() {
        return componentOutput;
    }

    /**
     * The output document of the event in hand, or null while nothing may be written now: the replicas the last output
     * waits for do not hold it yet, or the output's gate is closed. After a failed open, Chronicle's appender is left
     * fit to retry.
     */
    DocumentContext open() {
        return mayWrite() ? openChecked() : null;
    }

    /** Whether anything may be written now: the replicas the last output waits for hold it, and the gate is open. */
    boolean mayWrite() {
        return replicasHoldLastOutput() && gateOpen();
    }

    /** The output document of the event in hand, {@link #mayWrite()} being known. */
    DocumentContext openChecked() {
        try {
            return appender.writingDocument();
        } catch (Throwable e) {
            AppenderRepair.afterFailedOpen(appender, queue, e);
            throw e;
        }
    }

    /** The event in hand wrote no document: what it asked of its outputs (sync, replicas) has nothing to apply to. */
    void nothingWritten() {
        context.takeSyncAsked();
        context.takeReplicasAsked();
    }

    // An event that wrote nothing leaves no empty document behind; one that did is synced if asked or configured.
    void commit(DocumentContext out, boolean discard) {
        boolean syncAsked = context.takeSyncAsked();
        int replicas = acks.toAwait(context.takeReplicasAsked());
        boolean empty = discard || ((WriteDocumentContext) out).isEmpty();
        if (empty) {
            out.rollbackOnClose();
        } else {
            stats.countOutput();
            if (heartbeat != null)
                heartbeat.outputWritten();
        }
        out.close();
        if (!empty) {
            sync.committed(syncAsked);
            if (replicas > 0) {
                unacknowledged = appender.lastIndexAppended();
                unacknowledgedReplicas = replicas;
            }
        }
    }

    /**
     * Whether the replicas the last output waits for (the queue's {@code acks}, or as its event asked) hold it, so the
     * service may read on. Never waits: the loop's other services and agents run meanwhile. Throws once they have not
     * for 100 ms, so that the loop backs the service off and retries (and, after {@code writeFailureTimeout}, stops the
     * host, saying why).
     */
    boolean replicasHoldLastOutput() {
        if (unacknowledged < 0)
            return true;
        if (acks.acks().replicated(unacknowledged, unacknowledgedReplicas)) {
            unacknowledged = -1;
            waitingSinceNanos = 0;
            return true;
        }
        long now = System.nanoTime();
        if (waitingSinceNanos == 0)
            waitingSinceNanos = now;
        else if (now - waitingSinceNanos > ACK_WAIT_NANOS)
            throw new IllegalStateException("output queue '" + queue.fileAbsolutePath() + "': index "
                    + Long.toHexString(unacknowledged) + " is not yet held by " + unacknowledgedReplicas + " replica(s)");
        return false;
    }

    /** Beats if the output has been quiet for the heartbeat's period; returns the work done. */
    int beatIfQuiet(long epochNanos) {
        return heartbeat == null || !gateOpen() ? 0 : heartbeat.beatIfQuiet(appender, epochNanos);
    }

    /**
     * Whether the output's gate lets it write now (says so once per closing). Throws {@link HostMustStop} once it is
     * deposed: another host writes the output from now on.
     */
    private boolean gateOpen() {
        if (gate == null)
            return true;
        long now = System.nanoTime();
        switch (gate.state(now)) {
            case OPEN:
                if (gateClosed) {
                    gateClosed = false;
                    LOG.info("{}: its output gate is open again; writing", context.serviceName());
                }
                return true;
            case DEPOSED:
                throw new HostMustStop(gate.why(now));
            default:
                if (!gateClosed) {
                    gateClosed = true;
                    LOG.warn("{}: not writing: {}", context.serviceName(), gate.why(now));
                }
                return false;
        }
    }

    boolean hasHeartbeat() {
        return heartbeat != null;
    }

    /** Between passes that found no work: touches the output's next page, so that no message pays its page fault. */
    void touchAhead() {
        if (pages == null)
            pages = new PageToucher(appender);
        pages.touchAhead();
    }

    /** The index of the queue's last document, whoever wrote it; -1 when it has none. */
    long lastIndex() {
        return lastIndex.get();
    }

    void close() {
        Closeable.closeQuietly(lastIndex, appender);
    }
}
