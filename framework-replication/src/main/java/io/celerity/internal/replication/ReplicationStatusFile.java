package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.operations.StatusFile;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireOut;
import net.openhft.chronicle.wire.WireType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The copying of one queue as its host sees it, a small YAML file in the queue's directory beside the status of its
 * services, rewritten every second and read by {@code celerity status --host}: at the source, per sink, the index it
 * acknowledged, the documents it lacks, its resumes and why it stopped if it did; at a sink, the replica's last index,
 * its resumes and a divergence.
 */
public final class ReplicationStatusFile {

    static final String NAME = "celerity-replication.status.yaml";

    private ReplicationStatusFile() {
    }

    /** Where the replication status of {@code queue} lives on this host. */
    public static Path of(CelerityConfig config, String queue) {
        return config.queues().get(queue).path().resolve(NAME);
    }

    /** Writes the status of every queue {@code report} copies to or from this host. */
    public static void writeAll(CelerityConfig config, ReplicationReport report, String state) throws IOException {
        Map<String, List<ReplicaLink>> byQueue = new LinkedHashMap<>();
        report.links().forEach(l -> byQueue.computeIfAbsent(l.queue(), q -> new ArrayList<>()).add(l));
        for (Map.Entry<String, List<ReplicaLink>> e : byQueue.entrySet())
            write(of(config, e.getKey()), report, e.getValue(), state);
    }

    private static void write(Path file, ReplicationReport report, List<ReplicaLink> links, String state)
            throws IOException {
        ReplicaLink first = links.get(0);
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(512);
        Wire wire = WireType.YAML_ONLY.apply(bytes);
        wire.write("queue").text(first.queue())
                .write("host").text(report.host())
                .write("role").text(first.atSource() ? "source" : "sink")
                .write("state").text(state)
                .write("pid").int64(ProcessHandle.current().pid())
                .write("updatedMillis").int64(System.currentTimeMillis())
                .write("lastIndex").int64(report.lastIndex(first.queue()));
        if (first.atSource())
            wire.write("sinks").marshallable(sinks -> links.forEach(l -> sinks.write(l.sink())
                    .marshallable(sink -> link(sink, report, l))));
        else
            link(wire.write("source").text(first.source()), report, first);
        StatusFile.replace(file, bytes.toString());
    }

    private static void link(WireOut out, ReplicationReport report, ReplicaLink link) {
        out.write("ackedIndex").int64(link.ackedIndex());
        if (link.atSource())
            out.write("lag").int64(report.lag(link));
        out.write("resumes").int64(link.resumes());
        if (link.failure() != null)
            out.write("failure").text(link.failure());
    }

    /** The last status written, as plain values (the sinks as a map by host), or empty when none was. */
    public static Optional<Map<String, Object>> read(Path file) throws IOException {
        return StatusFile.read(file);
    }
}
