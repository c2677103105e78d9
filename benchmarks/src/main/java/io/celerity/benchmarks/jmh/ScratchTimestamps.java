package io.celerity.benchmarks.jmh;

import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.TimeProvider;

import java.nio.file.Path;

/**
 * Unique timestamps shared through a memory-mapped file, as a host's are, but in a scratch file rather than the host
 * default, so running hosts' timestamps are neither disturbed nor pushed ahead.
 */
final class ScratchTimestamps implements AutoCloseable {
    private final Path dir;
    private final UniqueTimestamps timestamps;

    ScratchTimestamps(int hostId, TimeProvider clock) {
        dir = Scratch.create("unique-timestamps");
        timestamps = UniqueTimestamps.shared(dir.resolve("celerity-unique-timestamps"), hostId, clock);
    }

    UniqueTimestamps timestamps() {
        return timestamps;
    }

    /** Unmaps the file and deletes it. */
    @Override
    public void close() {
        timestamps.close();
        Scratch.delete(dir);
    }
}
