package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.internal.encryption.QueueEncryption;
import net.openhft.chronicle.queue.ChronicleQueue;
import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

import java.nio.file.Files;

/**
 * Counts the {@link FailedInputs} reports one service wrote to an {@code errors} queue, read from the queue alone (so
 * from any process, and the same after a restart). Several services may share the queue: a report names its service.
 */
public final class ReportedFailures {
    private ReportedFailures() {
    }

    /**
     * Reports by {@code service} that queue {@code errors} of {@code config} still holds; 0 when no report has created
     * the queue yet.
     */
    public static long count(CelerityConfig config, String errors, String service) {
        QueueConfig errorsQueue = config.queues().get(errors);
        if (!Files.isRegularFile(errorsQueue.path().resolve(SingleChronicleQueue.QUEUE_METADATA_FILE)))
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
        try (ChronicleQueue queue = new QueueEncryption(config).open(errorsQueue, true);
             ExcerptTailer tailer = queue.createTailer()) {
            MethodReader reader = tailer.methodReader(counter);
            while (reader.readOne()) {
                // counts as it reads
            }
        }
        return count[0];
    }
}
