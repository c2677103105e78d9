package io.celerity.torture;

import io.celerity.snapshot.SnapshotEnded;
import io.celerity.snapshot.SnapshotMarks;
import io.celerity.snapshot.SnapshotStarted;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;

/**
 * Follows a service's snapshot queue from outside, by the framework's marks around each snapshot: how many were
 * started, and whether the newest has no end (being written, or cut short by a kill).
 */
final class SnapshotProgress implements AutoCloseable, SnapshotMarks {

    private final ChronicleQueue queue;
    private final ExcerptTailer tailer;
    private final MethodReader reader;
    private long started;
    private boolean unfinished;

    SnapshotProgress(Path queueDir) {
        queue = SingleChronicleQueueBuilder.binary(queueDir).build();
        tailer = queue.createTailer();
        reader = tailer.methodReaderBuilder().defaultParselet((event, in) -> in.skipValue()).build(this);
    }

    /** Reads on to the end of what has been written; returns this. */
    SnapshotProgress update() {
        while (reader.readOne()) {
            // the marks update the counts; state events are skipped
        }
        return this;
    }

    /** Snapshots started so far, finished or not. */
    long started() {
        return started;
    }

    /** The number of the newest snapshot when it has no end yet, or 0 when it has one (or none was started). */
    long unfinished() {
        return unfinished ? started : 0;
    }

    @Override
    public void snapshotStarted(SnapshotStarted s) {
        started++;
        unfinished = true;
    }

    @Override
    public void snapshotEnded(SnapshotEnded e) {
        unfinished = false;
    }

    @Override
    public void close() {
        tailer.close();
        queue.close();
    }
}
