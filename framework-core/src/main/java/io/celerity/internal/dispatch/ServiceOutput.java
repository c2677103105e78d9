package io.celerity.internal.dispatch;

import io.celerity.internal.chronicle.AppenderRepair;
import io.celerity.internal.chronicle.PageToucher;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.WriteDocumentContext;

import java.time.Duration;

/**
 * A service's output queue as its loop writes it: one document per event, left out when the event wrote nothing,
 * synced as configured or asked, kept alive by a heartbeat when quiet. Loop thread only.
 */
final class ServiceOutput {

    private static final Duration ACK_WAIT = Duration.ofMillis(100); // then the loop's back-off

    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final HistoryRecordingOut writerTarget;
    private final OutputSync sync;
    private final ServiceCounters stats;
    private final Heartbeat heartbeat; // null: none configured
    private final OutputAcks acks;
    private final DispatchContext context;
    private long unacknowledged = -1; // the last output not yet known to be held by enough replicas, or -1
    private int unacknowledgedReplicas;
    private PageToucher pages;

    ServiceOutput(ServicePlan plan, ServiceCounters stats, DispatchContext context) {
        this.context = context;
        this.queue = plan.output();
        this.appender = queue.createAppender();
        this.writerTarget = new HistoryRecordingOut(appender);
        this.sync = new OutputSync(appender, queue, plan.outputSync(), stats);
        this.stats = stats;
        this.heartbeat = plan.config().heartbeat() == null ? null : new Heartbeat(plan.config().heartbeat().toNanos());
        this.acks = plan.outputAcks();
        context.output(appender, stats, acks);
    }

    /** What the component's method writer writes to: this queue, or nothing while its state is rebuilt. */
    HistoryRecordingOut writerTarget() {
        return writerTarget;
    }

    /**
     * The output document of the event in hand; after a failed open, Chronicle's appender is left fit to retry. Throws,
     * writing nothing, while the replicas the queue's {@code acks} wait for do not hold the last output yet.
     */
    DocumentContext open() {
        awaitReplicas(); // the queue's acks: nothing more is written until the replicas hold the last output
        try {
            return appender.writingDocument();
        } catch (Throwable e) {
            AppenderRepair.afterFailedOpen(appender, queue, e);
            throw e;
        }
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
     * Returns once the queue's {@code acks} replicas hold the last output; throws if they do not within a short wait,
     * so that the loop backs off and tries again (and, after {@code writeFailureTimeout}, stops the host, saying why).
     */
    private void awaitReplicas() {
        if (unacknowledged < 0)
            return;
        if (!acks.acks().awaitReplicated(unacknowledged, unacknowledgedReplicas, ACK_WAIT))
            throw new IllegalStateException("output queue '" + queue.fileAbsolutePath() + "': index "
                    + Long.toHexString(unacknowledged) + " is not yet held by " + unacknowledgedReplicas + " replica(s)");
        unacknowledged = -1;
    }

    /** Beats if the output has been quiet for the heartbeat's period; returns the work done. */
    int beatIfQuiet(long epochNanos) {
        return heartbeat == null ? 0 : heartbeat.beatIfQuiet(appender, epochNanos);
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

    void close() {
        Closeable.closeQuietly(appender);
    }
}
