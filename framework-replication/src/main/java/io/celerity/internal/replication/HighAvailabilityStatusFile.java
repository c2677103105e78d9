package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.operations.StatusFile;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * A host's part in high availability, a small YAML file in the cluster's directory rewritten every second and read by
 * {@code celerity status --host}: its cluster member's role, term and leader, and per highly available service it runs,
 * whether it is the primary, the standby or deposed, with the lease's fencing token.
 */
public final class HighAvailabilityStatusFile {

    private HighAvailabilityStatusFile() {
    }

    /** Where the status of {@code host} lives. */
    public static Path of(CelerityConfig config, String host) {
        return config.cluster().dir().resolve("celerity-ha-" + host + ".status.yaml");
    }

    /** @param member this host's cluster member, or null when it is not one */
    public static void write(CelerityConfig config, ClusterRole member, Map<String, LeaseGate> services, String state)
            throws IOException {
        long now = System.nanoTime();
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(512);
        Wire wire = WireType.YAML_ONLY.apply(bytes);
        wire.write("host").text(config.thisHost())
                .write("state").text(state)
                .write("pid").int64(ProcessHandle.current().pid())
                .write("updatedMillis").int64(System.currentTimeMillis());
        if (member != null)
            wire.write("member").marshallable(m -> m.write("role").text(member.role())
                    .write("term").int64(member.term())
                    .write("leader").text(member.leader() == null ? "unknown" : member.leader())
                    .write("roleChanges").int64(member.roleChanges()));
        wire.write("services").marshallable(out -> services.forEach((name, p) -> out.write(name).marshallable(s -> {
            s.write("role").text(p.role(now)).write("token").int64(p.token());
            String why = p.why(now);
            if (why != null)
                s.write("why").text(why);
        })));
        Path file = of(config, config.thisHost());
        Files.createDirectories(file.getParent());
        StatusFile.replace(file, bytes.toString());
    }

    /** The last status written, as plain values, or empty when the host has never run. */
    public static Optional<Map<String, Object>> read(Path file) throws IOException {
        return StatusFile.read(file);
    }
}
