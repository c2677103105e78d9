package io.celerity.runtime;

import io.celerity.history.RecordedHistory;
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
final class RestartPoint {

    /** No output of the service was caused by this input queue. */
    static final long NONE = -1;

    private RestartPoint() {
    }

    /**
     * @param output         the service's output queue
     * @param inputSourceIds the source ids of the service's input queues
     * @return per input, the last processed index, or {@link #NONE}
     */
    static long[] lastProcessedIndices(ChronicleQueue output, int[] inputSourceIds) {
        long[] last = new long[inputSourceIds.length];
        Arrays.fill(last, NONE);
        int found = 0;
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        try (ExcerptTailer tailer = output.createTailer().direction(TailerDirection.BACKWARD).toEnd()) {
            while (found < last.length) {
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
                            found++;
                        }
                    }
                }
            }
        }
        return last;
    }
}
