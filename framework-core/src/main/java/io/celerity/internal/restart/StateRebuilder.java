package io.celerity.internal.restart;

import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
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
        /**
         * @return false when the input does not hold {@code index} yet (a standby's copy of it behind its copy of the
         * output); throws when it no longer holds it
         */
        boolean replay(int input, long index);
    }

    private final ServiceConfig config;
    private final ChronicleQueue output;
    private final int[] sourceIds;
    private final ChronicleQueue snapshots;
    private final Class<?> stateInterface;
    private final List<Class<?>> replayedOutputs;
    private final LifecycleLog log;

    /**
     * @param snapshots       the snapshot queue, or {@code null} when the service takes no snapshots
     * @param stateInterface  the interface of its snapshot events, or {@code null}
     * @param replayedOutputs the output interfaces it implements, replayed into it with REPLAY_OUTPUTS
     * @param quietLog        whether its host is one of many started in turn on the same open queues: its line at debug
     */
    public StateRebuilder(ServiceConfig config, ChronicleQueue output, int[] sourceIds, ChronicleQueue snapshots,
                   Class<?> stateInterface, List<Class<?>> replayedOutputs, boolean quietLog) {
        this.config = config;
        this.output = output;
        this.sourceIds = sourceIds;
        this.snapshots = snapshots;
        this.stateInterface = stateInterface;
        this.replayedOutputs = replayedOutputs;
        this.log = new LifecycleLog(LOG, quietLog);
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
        long replayed;
        try (OutputFollower follower = new OutputFollower(config, tailerAfter(after), sourceIds, component,
                replayedOutputs, inputs)) {
            replayed = follower.followToEnd();
            if (follower.inputBehind())
                throw new IllegalStateException("service '" + config.name() + "': cannot rebuild its state: an "
                        + "output of '" + config.output() + "' answers an input this host does not hold yet");
        }
        log.say("{}: state rebuilt from {} and {} {} replayed in {} ms", config.name(), from, replayed,
                config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? "output(s)" : "input(s)",
                (System.nanoTime() - start) / 1_000_000);
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
}
