package io.celerity.internal.restart;

import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Takes a service's outputs back into its component as a tailer on its output queue reaches them: each output itself
 * (REPLAY_OUTPUTS) or the input its message history names (REPLAY_INPUTS). A restart follows the output to its end
 * once; a standby follows its copy for as long as it stands by, so its state is warm when it takes over. The caller
 * suppresses outputs meanwhile. Loop thread only.
 */
public final class OutputFollower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OutputFollower.class);

    private final ServiceConfig config;
    private final ExcerptTailer outputs;
    private final int[] sourceIds;
    private final StateRebuilder.InputReplay inputs; // REPLAY_INPUTS
    private final MethodReader reader; // REPLAY_OUTPUTS
    private final VanillaMessageHistory recorded = new VanillaMessageHistory();
    private long replayed;
    private long failed;
    private long failedReported;
    private boolean inputBehind;

    /**
     * @param outputs         a tailer on the output, placed before the first output to take back
     * @param replayedOutputs the output interfaces the component implements, for REPLAY_OUTPUTS
     */
    public OutputFollower(ServiceConfig config, ExcerptTailer outputs, int[] sourceIds, Object component,
                          List<Class<?>> replayedOutputs, StateRebuilder.InputReplay inputs) {
        this.config = config;
        this.outputs = outputs;
        this.sourceIds = sourceIds;
        this.inputs = inputs;
        recorded.addSourceDetails(false);
        // Heartbeats and outputs it does not take back are skipped.
        this.reader = config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? MethodCode.reader(outputs,
                (event, in) -> in.skipValue(), new AcceptedEvents(replayedOutputs), config.name(), component) : null;
    }

    /** Takes back up to {@code limit} outputs that have arrived; returns how many documents it read. */
    public int follow(int limit) {
        int n = 0;
        while (n < limit && readOne())
            n++;
        return n;
    }

    /**
     * Takes back every output there is now, or up to the first whose input is not here yet; returns how many it took
     * back in all, since it started.
     */
    public long followToEnd() {
        while (readOne()) {
            // on to the end
        }
        if (failed > failedReported)
            LOG.warn("{}: {} output(s) could not be taken back; its state may lack them", config.name(),
                    failed - failedReported);
        failedReported = failed;
        return replayed;
    }

    /** Whether following stopped at an output whose input this host does not hold yet (REPLAY_INPUTS). */
    public boolean inputBehind() {
        return inputBehind;
    }

    private boolean readOne() {
        return reader != null ? replayOutput() : replayInput();
    }

    private boolean replayOutput() {
        try {
            if (!reader.readOne())
                return false;
            replayed++;
        } catch (RuntimeException e) {
            if (failed++ == 0)
                LOG.warn("{}: taking back an output threw; carrying on with the next", config.name(), e);
        }
        return true;
    }

    private boolean replayInput() {
        try (DocumentContext dc = outputs.readingDocument()) {
            if (!dc.isPresent())
                return false;
            int input = RecordedHistory.read(dc.wire(), recorded) ? inputOf(recorded.lastSourceId()) : -1;
            try {
                inputBehind = input >= 0 && !inputs.replay(input, recorded.lastSourceIndex());
            } catch (RuntimeException e) {
                dc.rollbackOnClose(); // never skip an output whose input was not taken back: the state would lack it
                throw e;
            }
            if (inputBehind) {
                dc.rollbackOnClose(); // read again once the input's copy holds it
                return false;
            }
            if (input >= 0)
                replayed++;
            return true;
        }
    }

    private int inputOf(int sourceId) {
        for (int i = 0; i < sourceIds.length; i++)
            if (sourceIds[i] == sourceId)
                return i;
        return -1; // another service's output on a shared queue, or a timer's
    }

    @Override
    public void close() {
        Closeable.closeQuietly(reader, outputs);
    }
}
