package io.celerity.torture;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.nio.file.Path;

/** Whether a service has answered its last input: its newest output records the index of its input's newest document. */
final class Answered implements AutoCloseable {

    private final ChronicleQueue input;
    private final ChronicleQueue output;
    private final ExcerptTailer lastOutput;
    private final VanillaMessageHistory history = new VanillaMessageHistory();

    Answered(Path input, Path output) {
        this.input = SingleChronicleQueueBuilder.binary(input).build();
        this.output = SingleChronicleQueueBuilder.binary(output).build();
        this.lastOutput = this.output.createTailer().direction(TailerDirection.BACKWARD);
        history.addSourceDetails(false);
    }

    /** True when the input is empty or the newest output answers its newest document. */
    boolean all() {
        long lastInput = input.lastIndex();
        return lastInput < 0 || lastInput == lastSourceIndex();
    }

    // The input index recorded by the newest output document: the last source of its history.
    private long lastSourceIndex() {
        try (DocumentContext dc = lastOutput.toEnd().readingDocument()) {
            if (!dc.isPresent() || !RecordedHistory.read(dc.wire(), history))
                return -1;
            return history.lastSourceIndex();
        }
    }

    @Override
    public void close() {
        Closeable.closeQuietly(lastOutput, input, output);
    }
}
