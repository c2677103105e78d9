package io.celerity.internal.operations;

import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.internal.encryption.StoredQueue;
import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.dispatch.Heartbeat;
import io.celerity.internal.history.RecordedHistory;
import io.celerity.internal.restart.RestartPoint;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How far a service has got, read from its queues alone (so from any process, without its classes, and the same
 * after a restart): per input (its control queue too), how many messages it has processed and how many wait after
 * the last one it processed; how many documents it has written; and how long ago its output queue last received a
 * message or heartbeat.
 */
public final class ServiceProgress {
    /** No message on the output queue at all. */
    public static final long NEVER = -1;

    private final Map<String, Long> lagByInput;
    private final long inputsProcessed;
    private final long outputsWritten;
    private final long lastWriteAgeNanos;

    private ServiceProgress(Map<String, Long> lagByInput, long inputsProcessed, long outputsWritten,
                            long lastWriteAgeNanos) {
        this.lagByInput = lagByInput;
        this.inputsProcessed = inputsProcessed;
        this.outputsWritten = outputsWritten;
        this.lastWriteAgeNanos = lastWriteAgeNanos;
    }

    /**
     * Reads the progress of {@code service} from the queues of {@code config}; a queue whose directory does not exist
     * yet is not opened (Chronicle would warn and create it), but counts as empty.
     */
    public static ServiceProgress of(CelerityConfig config, ServiceConfig service) {
        int[] sourceIds = service.readQueues().stream().mapToInt(q -> config.queues().get(q).sourceId()).toArray();
        Map<String, Long> lag = new LinkedHashMap<>();
        long processed = 0;
        try (ChronicleQueue output = exists(config, service.output())
                ? new QueueEncryption(config).open(config.queues().get(service.output()), true) : null) {
            long[] last = output != null ? RestartPoint.lastProcessedIndices(output, sourceIds) : nothingProcessed(sourceIds);
            for (int i = 0; i < sourceIds.length; i++) {
                String name = service.readQueues().get(i);
                if (!exists(config, name)) {
                    lag.put(name, 0L);
                    continue;
                }
                try (SingleChronicleQueue input = open(config, name)) {
                    lag.put(name, waiting(input, last[i]));
                    processed += processed(input, last[i]);
                }
            }
            if (output == null)
                return new ServiceProgress(lag, processed, 0, NEVER);
            boolean soleWriter = config.services().values().stream()
                    .noneMatch(s -> s != service && s.output().equals(service.output()));
            // Alone on its queue and without heartbeats, every document there is one it wrote: the index counts them.
            long written = soleWriter && service.heartbeat() == null ? StoredQueue.of(output).entryCount()
                    : written(output, sourceIds, soleWriter);
            return new ServiceProgress(lag, processed, written, lastWriteAge(output));
        }
    }

    /**
     * Input messages processed: on each input, those up to and including the last one the output's histories name
     * (as a restart resumes after it). Counts what the inputs still hold (cycles trimmed by keepCycles are gone).
     */
    public long inputsProcessed() {
        return inputsProcessed;
    }

    /**
     * Documents the service wrote to its output (answers, acknowledgements, timer outputs; not heartbeats): those
     * whose history's last source is one of its inputs, and, when no other service writes that queue, those of its
     * timer (a history with no source). Reads the whole output queue, unless the service is its only writer and
     * writes no heartbeats: then every document there is one of its own, and Chronicle's index counts them.
     */
    public long outputsWritten() {
        return outputsWritten;
    }

    /** Messages written to each input after the last one the service processed. */
    public Map<String, Long> lagByInput() {
        return lagByInput;
    }

    /** Nanoseconds since the output queue's newest message or heartbeat was written, or {@link #NEVER}. */
    public long lastWriteAgeNanos() {
        return lastWriteAgeNanos;
    }

    private static long processed(SingleChronicleQueue input, long lastProcessed) {
        if (lastProcessed == RestartPoint.NONE)
            return 0;
        long first = input.firstIndex();
        return lastProcessed < first ? 0 : input.countExcerpts(first, lastProcessed) + 1;
    }

    private static long written(ChronicleQueue output, int[] sourceIds, boolean soleWriter) {
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        long written = 0;
        try (ExcerptTailer tailer = output.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return written;
                    if (RecordedHistory.read(dc.wire(), history) && isOurs(history.lastSourceId(), sourceIds, soleWriter))
                        written++;
                }
            }
        }
    }

    private static boolean isOurs(int lastSourceId, int[] sourceIds, boolean soleWriter) {
        if (lastSourceId == -1)
            return soleWriter;
        for (int id : sourceIds)
            if (id == lastSourceId)
                return true;
        return false;
    }

    private static long waiting(SingleChronicleQueue input, long lastProcessed) {
        long lastIndex = lastIndex(input);
        if (lastIndex < 0)
            return 0;
        return lastProcessed == RestartPoint.NONE ? input.entryCount() : input.countExcerpts(lastProcessed, lastIndex);
    }

    // Chronicle's lastIndex() can lose a race with a writer (or a killed writer's unfinished file) and then trips its
    // own assertion (StoreTailer.doToStart, seen in tests with -ea); another look a moment later finds the end.
    public static long lastIndex(SingleChronicleQueue input) {
        for (int attempt = 1; ; attempt++) {
            try {
                return input.lastIndex();
            } catch (AssertionError | RuntimeException e) {
                if (attempt == 3)
                    throw e;
                java.util.concurrent.locks.LockSupport.parkNanos(10_000_000);
            }
        }
    }

    // A heartbeat holds its wall-clock time; any other message the history's nanoTime of its write (same host).
    private static long lastWriteAge(ChronicleQueue output) {
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        try (ExcerptTailer tailer = output.createTailer().direction(TailerDirection.BACKWARD).toEnd();
             DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent())
                return NEVER;
            long start = dc.wire().bytes().readPosition();
            if (Heartbeat.EVENT.contentEquals(dc.wire().readEvent(String.class)))
                return System.currentTimeMillis() * 1_000_000L - dc.wire().getValueIn().int64();
            dc.wire().bytes().readPosition(start);
            if (RecordedHistory.read(dc.wire(), history) && history.timings() > 0)
                return System.nanoTime() - history.timing(history.timings() - 1);
            return NEVER;
        }
    }

    private static long[] nothingProcessed(int[] sourceIds) {
        long[] none = new long[sourceIds.length];
        java.util.Arrays.fill(none, RestartPoint.NONE);
        return none;
    }

    private static boolean exists(CelerityConfig config, String queue) {
        return java.nio.file.Files.isDirectory(config.queues().get(queue).path());
    }

    // As it lies on disk: inputs are only counted.
    private static SingleChronicleQueue open(CelerityConfig config, String queue) {
        return SingleChronicleQueueBuilder.binary(config.queues().get(queue).path()).readOnly(true).build();
    }
}
