package io.celerity.internal.operations;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Counts the {@link FailedInputs} reports one service wrote to an {@code errors} queue, read from the queue alone (so
 * from any process, and the same after a restart). Several services may share the queue: a report names its service.
 */
public final class ReportedFailures {
    private ReportedFailures() {
    }

    /** Reports by {@code service} that {@code errorsQueue} still holds; 0 when no report has created the queue yet. */
    public static long count(Path errorsQueue, String service) {
        if (!Files.isRegularFile(errorsQueue.resolve(SingleChronicleQueue.QUEUE_METADATA_FILE)))
            return 0; // not opened: Chronicle would warn and fall back to a read-only table store
        long[] count = {0};
        FailedInputs counter = new FailedInputs() {
            @Override
            public void handlerFailed(FailedInput failure) {
                badMessage(failure);
            }

            @Override
            public void badMessage(FailedInput failure) {
                if (service.equals(failure.service()))
                    count[0]++;
            }
        };
        try (SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(errorsQueue).readOnly(true).build();
             ExcerptTailer tailer = queue.createTailer()) {
            MethodReader reader = tailer.methodReader(counter);
            while (reader.readOne()) {
                // counts as it reads
            }
        }
        return count[0];
    }
}
