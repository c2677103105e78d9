package io.celerity.internal.replication;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Tells a queue directory that holds a copy of another host's queue (its host's replication status says so): such a
 * directory is written only by its sink, and a command or host that would write it is refused.
 */
public final class ReplicaDirectory {

    private ReplicaDirectory() {
    }

    /**
     * Why {@code queueDir} must not be written here: it is host X's copy of host Y's queue; empty when it is no copy.
     * The message names the file that says so, for when a copy is deliberately made a source.
     */
    public static Optional<String> copyOf(Path queueDir) {
        Path file = queueDir.resolve(ReplicationStatusFile.NAME);
        Map<String, Object> status;
        try {
            status = ReplicationStatusFile.read(file).orElse(null);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e, e);
        }
        if (status == null || !"sink".equals(status.get("role")))
            return Optional.empty();
        return Optional.of(queueDir.toAbsolutePath() + " is host '" + status.get("host") + "''s copy of queue '"
                + status.get("queue") + "', written on host '" + status.get("source") + "' (" + file.getFileName()
                + " says so); a copy is read-only: write it on host '" + status.get("source") + "'");
    }
}
