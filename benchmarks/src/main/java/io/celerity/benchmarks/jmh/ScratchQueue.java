package io.celerity.benchmarks.jmh;

import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;

/** A real persisted queue, as Celerity hosts open them (binary, FAST_DAILY), in a scratch directory of its own. */
final class ScratchQueue implements AutoCloseable {
    private final Path dir;
    private final ChronicleQueue queue;

    ScratchQueue(String purpose) {
        dir = Scratch.create(purpose);
        queue = SingleChronicleQueueBuilder.binary(dir).rollCycle(RollCycles.FAST_DAILY).build();
    }

    ChronicleQueue queue() {
        return queue;
    }

    /** Closes the queue and deletes its files. */
    @Override
    public void close() {
        queue.close();
        Scratch.delete(dir);
    }
}
