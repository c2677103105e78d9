package io.celerity.internal.restart;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.util.Arrays;

/**
 * Finds where a restarted service resumes: for each input queue, the index of the last input that produced output,
 * read from the message history of the service's output queue, newest first.
 */
public final class RestartPoint {

    /** No output of the service was caused by this input queue. */
    public static final long NONE = -1;

    private RestartPoint() {
    }

    /**
     * @param output         the service's output queue
     * @param inputSourceIds the source ids of the service's input queues
     * @return per input, the last processed index, or {@link #NONE}
     */
    public static long[] lastProcessedIndices(ChronicleQueue output, int[] inputSourceIds) {
        long[] last = new long[inputSourceIds.length];
        scan(output, inputSourceIds, last, new long[inputSourceIds.length], inputSourceIds.length);
        return last;
    }

    /**
     * As {@link #lastProcessedIndices(ChronicleQueue, int[])}, and an input whose failure report on {@code errors} is
     * newer than its last record in the output counts as processed too: the process died after writing the report,
     * before committing the input's acknowledgement. Only the service's newest report can be in that state.
     *
     * @param errors the service's errors queue, or {@code null}
     */
    public static long[] lastProcessedIndices(ChronicleQueue output, ChronicleQueue errors, int[] inputSourceIds) {
        long[] last = lastProcessedIndices(output, inputSourceIds);
        if (errors == null)
            return last;
        long[] reported = new long[inputSourceIds.length];
        scan(errors, inputSourceIds, reported, new long[inputSourceIds.length], 1);
        for (int i = 0; i < last.length; i++)
            if (reported[i] != NONE && (last[i] == NONE || reported[i] > last[i]))
                last[i] = reported[i];
        return last;
    }

    /**
     * @return per input, the index in {@code output} of the document recording its last processed index (the
     * document a restart finds), or {@link #NONE}
     */
    public static long[] recordIndices(ChronicleQueue output, int[] inputSourceIds) {
        long[] records = new long[inputSourceIds.length];
        scan(output, inputSourceIds, new long[inputSourceIds.length], records, inputSourceIds.length);
        return records;
    }

    // Newest first: for each input, the last source index its newest record names, and where that record is; stops
    // after {@code wanted} inputs are found.
    private static void scan(ChronicleQueue output, int[] inputSourceIds, long[] last, long[] records, int wanted) {
        Arrays.fill(last, NONE);
        Arrays.fill(records, NONE);
        int found = 0;
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        try (ExcerptTailer tailer = output.createTailer().direction(TailerDirection.BACKWARD).toEnd()) {
            while (found < wanted) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        break;
                    if (!RecordedHistory.read(dc.wire(), history))
                        continue;
                    // The last source is the input this service read; earlier ones are upstream hops.
                    int source = history.lastSourceId();
                    for (int i = 0; i < last.length; i++) {
                        if (inputSourceIds[i] == source && last[i] == NONE) {
                            last[i] = history.lastSourceIndex();
                            records[i] = dc.index();
                            found++;
                        }
                    }
                }
            }
        }
    }
}
