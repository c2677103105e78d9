package io.celerity.internal.restart;

import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.config.StateRebuild;
import io.celerity.internal.component.ComponentType;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Method;
import java.util.List;

/**
 * Brings a starting service back to where it stopped, on its loop thread before it reads live: where each input
 * resumes (from the output's message history), its state (snapshot, replay), and its tailers positioned.
 */
public final class ServiceRestore {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceRestore.class);

    private final ServiceConfig config;
    private final ChronicleQueue output;
    private final ChronicleQueue errors;
    private final ChronicleQueue snapshots;
    private final int[] sourceIds;
    private final boolean quietLog;
    private final LifecycleLog log;

    /**
     * @param errors    the service's errors queue, or {@code null}: a reported input counts as processed
     * @param snapshots its snapshot queue, or {@code null}
     * @param sourceIds the source ids of its read queues, in their order
     * @param quietLog  whether its host is one of many started in turn on the same open queues: its lines at debug
     */
    public ServiceRestore(ServiceConfig config, ChronicleQueue output, ChronicleQueue errors, ChronicleQueue snapshots,
                          int[] sourceIds, boolean quietLog) {
        this.quietLog = quietLog;
        this.log = new LifecycleLog(LOG, quietLog);
        this.config = config;
        this.output = output;
        this.errors = errors;
        this.snapshots = snapshots;
        this.sourceIds = sourceIds;
    }

    /** Per read queue, the last index processed ({@link RestartPoint#NONE} if none); {@code null} unless resuming. */
    public long[] resumePoints() {
        return config.startFrom() == StartFrom.LAST_WRITTEN
                ? RestartPoint.lastProcessedIndices(output, errors, sourceIds) : null;
    }

    /** Whether the service rebuilds its state on start. */
    public boolean rebuilds() {
        return config.rebuild() != StateRebuild.NONE;
    }

    /** Restores the component's state; the caller suppresses its outputs meanwhile. */
    public void rebuild(Object component, ComponentType type, Method snapshotMethod, StateRebuilder.InputReplay inputs) {
        new StateRebuilder(config, output, sourceIds, snapshots,
                snapshotMethod == null ? null : snapshotMethod.getParameterTypes()[0],
                config.rebuild() == StateRebuild.REPLAY_OUTPUTS ? type.implementedOutputs() : List.of(),
                quietLog).rebuild(component, inputs);
    }

    /**
     * The first input whose queue does not hold its resume point yet (a standby's copy of it behind its copy of the
     * output), or -1 if each does (or no longer does, which {@link #position} reports).
     */
    public int firstInputBehind(ExcerptTailer[] tailers, long[] resumePoints) {
        for (int i = 0; resumePoints != null && i < tailers.length; i++)
            if (resumePoints[i] != RestartPoint.NONE && resumePoints[i] > tailers[i].queue().lastIndex())
                return i; // (a tailer may move to the index after the last: no proof the document is there)
        return -1;
    }

    /** Moves each tailer to where its input resumes: after its last processed index, at its start or at its end. */
    public void position(ExcerptTailer[] tailers, long[] resumePoints) {
        List<String> readQueues = config.readQueues();
        for (int i = 0; i < tailers.length; i++)
            position(tailers[i], readQueues.get(i), resumePoints == null ? RestartPoint.NONE : resumePoints[i]);
    }

    private void position(ExcerptTailer tailer, String input, long lastProcessed) {
        if (config.startFrom() == StartFrom.END) {
            tailer.toEnd();
        } else if (lastProcessed == RestartPoint.NONE) {
            tailer.toStart();
        } else if (tailer.moveToIndex(lastProcessed)) {
            try (DocumentContext skipped = tailer.readingDocument()) {
                assert skipped.isPresent();
            }
            log.say("{}: input '{}' resumes after index {}", config.name(), input, Long.toHexString(lastProcessed));
        } else {
            throw new IllegalStateException("service '" + config.name() + "': input '" + input + "' no longer holds "
                    + "index " + Long.toHexString(lastProcessed) + ", the last one processed; cannot resume exactly");
        }
    }
}
