package io.celerity.internal.restart;

import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Gives a restarting service its state back before it reads on: its newest snapshot if it takes them, then a replay of
 * what came after (or of everything), either the inputs its outputs record or its outputs themselves. The caller
 * suppresses outputs meanwhile.
 */
public final class StateRebuilder {

    private static final Logger LOG = LoggerFactory.getLogger(StateRebuilder.class);

    /** Replays one input again: which of the service's read queues, and the index on it. */
    public interface InputReplay {
        void replay(int input, long index);
    }

    private final ServiceConfig config;
    private final ChronicleQueue output;
    private final int[] sourceIds;
    private final ChronicleQueue snapshots;
    private final Class<?> stateInterface;
    private final List<Class<?>> replayedOutputs;

    /**
     * @param snapshots       the snapshot queue, or {@code null} when the service takes no snapshots
     * @param stateInterface  the interface of its snapshot events, or {@code null}
     * @param replayedOutputs the output interfaces it implements, replayed into it with REPLAY_OUTPUTS
     */
    public StateRebuilder(ServiceConfig config, ChronicleQueue output, int[] sourceIds, ChronicleQueue snapshots,
                   Class<?> stateInterface, List<Class<?>> replayedOutputs) {
        this.config = config;
        this.output = output;
        this.sourceIds = sourceIds;
        this.snapshots = snapshots;
        this.stateInterface = stateInterface;
        this.replayedOutputs = replayedOutputs;
    }

    public void rebuild(Object component, InputReplay inputs) {
        long start = System.nanoTime();
        long after = RestartPoint.NONE;
        String from = "no snapshot";
        if (snapshots != null) {
            SnapshotReader.Restored restored = SnapshotReader.restoreLatest(config.name(), snapshots, component,
                    stateInterface);
            if (restored != null) {
                after = restored.outputIndex();
                from = "the snapshot at " + Long.toHexString(restored.startIndex()) + " (" + restored.events()
                        + " state event(s))";
            }
        }
        long replayed = config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? replayOutputs(component, after)
                : replayInputs(inputs, after);
        LOG.info("{}: state rebuilt from {} and {} {} replayed in {} ms", config.name(), from, replayed,
                config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? "output(s)" : "input(s)",
                (System.nanoTime() - start) / 1_000_000);
    }

    /** Each input the output histories after {@code after} name, in their original order. */
    private long replayInputs(InputReplay inputs, long after) {
        long replayed = 0;
        VanillaMessageHistory recorded = new VanillaMessageHistory();
        recorded.addSourceDetails(false);
        try (ExcerptTailer outputs = tailerAfter(after)) {
            while (true) {
                try (DocumentContext dc = outputs.readingDocument()) {
                    if (!dc.isPresent())
                        return replayed;
                    int input = RecordedHistory.read(dc.wire(), recorded) ? inputOf(recorded.lastSourceId()) : -1;
                    if (input >= 0) {
                        inputs.replay(input, recorded.lastSourceIndex());
                        replayed++;
                    }
                }
            }
        }
    }

    /** Every output document after {@code after}, into the output interfaces the component implements. */
    private long replayOutputs(Object component, long after) {
        long replayed = 0, failed = 0;
        try (ExcerptTailer outputs = tailerAfter(after)) {
            // Heartbeats and outputs it does not take back are skipped.
            MethodReader reader = MethodCode.reader(outputs, (event, in) -> in.skipValue(), new AcceptedEvents(replayedOutputs),
                    config.name(), component);
            while (true) {
                try {
                    if (!reader.readOne())
                        break;
                    replayed++;
                } catch (RuntimeException e) {
                    if (failed++ == 0)
                        LOG.warn("{}: taking back an output threw; carrying on with the next", config.name(), e);
                }
            }
        }
        if (failed > 0)
            LOG.warn("{}: {} output(s) could not be taken back; its state may lack them", config.name(), failed);
        return replayed;
    }

    private ExcerptTailer tailerAfter(long index) {
        ExcerptTailer tailer = output.createTailer();
        if (index == RestartPoint.NONE)
            return tailer;
        if (!tailer.moveToIndex(index))
            throw new IllegalStateException("service '" + config.name() + "': cannot rebuild its state: output '"
                    + config.output() + "' no longer holds index " + Long.toHexString(index) + ", where its "
                    + "snapshot leaves off");
        try (DocumentContext covered = tailer.readingDocument()) {
            assert covered.isPresent();
        }
        return tailer;
    }

    private int inputOf(int sourceId) {
        for (int i = 0; i < sourceIds.length; i++)
            if (sourceIds[i] == sourceId)
                return i;
        return -1; // another service's output on a shared queue, or a timer's
    }
}
