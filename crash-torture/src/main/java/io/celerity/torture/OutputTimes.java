package io.celerity.torture;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.nio.file.Path;
import java.util.Arrays;

/**
 * When each output of a queue was written, from its message history: the last timing, which the writer adds as it
 * writes ({@link System#nanoTime()}, one clock for every host process on this machine). Outputs without a history
 * (heartbeats) are left out.
 */
final class OutputTimes {

    private final long[] writtenNanos;

    OutputTimes(long[] writtenNanos) {
        this.writtenNanos = writtenNanos;
    }

    static OutputTimes read(Path queuePath) {
        long[] times = new long[1024];
        int n = 0;
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(queuePath).readOnly(true).build();
             ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        break;
                    if (!dc.isData() || !RecordedHistory.read(dc.wire(), history) || history.timings() == 0)
                        continue;
                    if (n == times.length)
                        times = Arrays.copyOf(times, n * 2);
                    times[n++] = history.timing(history.timings() - 1);
                }
            }
        }
        return new OutputTimes(Arrays.copyOf(times, n));
    }

    int size() {
        return writtenNanos.length;
    }

    /**
     * The longest pause in the writing around a fault: the longest time between two consecutive outputs of which the
     * later was written after {@code fromNanos} and the earlier before {@code toNanos}; -1 when no output was written
     * after {@code fromNanos}.
     */
    long longestPauseNanos(long fromNanos, long toNanos) {
        long longest = -1;
        for (int i = 1; i < writtenNanos.length; i++)
            if (writtenNanos[i] - fromNanos > 0 && writtenNanos[i - 1] - toNanos < 0)
                longest = Math.max(longest, writtenNanos[i] - writtenNanos[i - 1]);
        return longest;
    }
}
