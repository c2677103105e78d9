package io.celerity.internal.dispatch;

import io.celerity.api.ServiceContext;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.TimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MessageHistory;

/**
 * The {@link ServiceContext} a component or agent gets: the runner tells it which output document is in hand and the
 * service's {@link ServiceMode}, and reads back what the component asked for.
 */
public final class DispatchContext implements ServiceContext {

    private final String name;
    private final TimeProvider clock;
    private final UniqueTimestamps timestamps;
    private UniqueTimestamps replayTimestamps;
    private ServiceMode mode = ServiceMode.LIVE;
    private boolean syncAsked;
    private int replicasAsked;
    private DocumentContext outputInHand; // the output document of the input in hand; null between inputs
    private boolean inputInHand;
    private boolean acknowledgeAsked; // for an input in hand without a document: its component writes nothing
    private ExcerptAppender output; // the component's output appender, once its loop has opened it
    private ServiceCounters outputs; // counts what that appender committed
    private OutputAcks acks = OutputAcks.NONE;

    public DispatchContext(String name, TimeProvider clock, UniqueTimestamps timestamps) {
        this.name = name;
        this.clock = clock;
        this.timestamps = timestamps;
    }

    /**
     * Switches the service to {@code newMode}; until it is live again, ids come from a sequence of the replay's own and
     * neither syncs nor replicas are asked.
     */
    void mode(ServiceMode newMode) {
        if (newMode != ServiceMode.LIVE && mode == ServiceMode.LIVE)
            replayTimestamps = timestamps.detached();
        mode = newMode;
    }

    ServiceMode mode() {
        return mode;
    }

    /**
     * An input is now in hand, with its output document; {@code null} when its component writes nothing, which then
     * opens one only if it is acknowledged ({@link #takeAcknowledgeAsked()}). What {@link #acknowledge} writes.
     */
    void startInput(DocumentContext out) {
        outputInHand = out;
        inputInHand = true;
        acknowledgeAsked = false;
    }

    /** No input is in hand. */
    void endInput() {
        outputInHand = null;
        inputInHand = false;
    }

    /** Whether the input handled without a document was acknowledged; clears the request. */
    boolean takeAcknowledgeAsked() {
        boolean asked = acknowledgeAsked;
        acknowledgeAsked = false;
        return asked;
    }

    /**
     * The component's output, once its loop has opened it: what {@link #lastOutputIndex()} and
     * {@link #replicated(long, int)} read. Loop thread.
     */
    public void output(ExcerptAppender appender, ServiceCounters counted, OutputAcks outputAcks) {
        this.output = appender;
        this.outputs = counted;
        this.acks = outputAcks;
    }

    /** Whether the event in hand asked for its outputs to be synced; clears the request. */
    public boolean takeSyncAsked() {
        boolean asked = syncAsked;
        syncAsked = false;
        return asked;
    }

    @Override
    public String serviceName() {
        return name;
    }

    @Override
    public long currentTimeNanos() {
        return clock.currentTimeNanos();
    }

    @Override
    public long uniqueTimestamp() {
        // Replays must not use up ids: live ids after a restart continue exactly where they would have.
        return mode.writes() ? timestamps.next() : replayTimestamps.next();
    }

    @Override
    public void syncOutputs() {
        syncAsked = mode.writes(); // a replay writes nothing to sync
    }

    @Override
    public void replicateOutputs(int replicas) {
        if (mode.writes()) // a replay writes nothing to replicate
            replicasAsked = Math.max(replicasAsked, replicas);
    }

    @Override
    public long lastOutputIndex() {
        // Chronicle's appender throws until it has appended: ask it only once something was written.
        return output == null || outputs.outputs() == 0 ? -1 : output.lastIndexAppended();
    }

    @Override
    public boolean replicated(long index, int replicas) {
        return acks.holds(index, replicas);
    }

    /** How many replicas the event in hand asked to hold its outputs; clears the request. */
    int takeReplicasAsked() {
        int asked = replicasAsked;
        replicasAsked = 0;
        return asked;
    }

    @Override
    public void acknowledge() {
        DocumentContext out = outputInHand;
        if (out != null)
            MessageHistory.writeHistory(out);
        else if (inputInHand)
            acknowledgeAsked = true; // written once the handler is done: see startInput
    }
}
