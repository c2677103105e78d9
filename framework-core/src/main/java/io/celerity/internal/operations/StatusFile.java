package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.dispatch.ServiceCounters;
import io.celerity.internal.yaml.YamlException;
import io.celerity.internal.yaml.YamlTree;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.Wire;
import net.openhft.chronicle.wire.WireType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;

/**
 * A service's counters as a small YAML file in its output queue's directory (Chronicle ignores other files there),
 * rewritten every second by the host and read by {@code celerity status} from another process.
 */
public final class StatusFile {
    private StatusFile() {
    }

    /** Where the status of {@code service} lives. */
    public static Path of(CelerityConfig config, ServiceConfig service) {
        return config.queues().get(service.output()).path().resolve("celerity-" + service.name() + ".status.yaml");
    }

    /** @param reason why the host stopped by itself, or null; any text (Chronicle Wire quotes and escapes it) */
    public static void write(Path file, ServiceCounters stats, String state, String reason) throws IOException {
        write(file, stats, state, reason, null);
    }

    /**
     * @param reason why the host stopped by itself, or null; any text (Chronicle Wire quotes and escapes it)
     * @param host   the host of a deployment over several this process runs, or null
     */
    public static void write(Path file, ServiceCounters stats, String state, String reason, String host)
            throws IOException {
        Bytes<?> bytes = Bytes.allocateElasticOnHeap(512);
        Wire wire = WireType.YAML_ONLY.apply(bytes);
        wire.write("service").text(stats.serviceName());
        if (host != null)
            wire.write("host").text(host);
        wire.write("state").text(state)
                .write("pid").int64(ProcessHandle.current().pid())
                .write("updatedMillis").int64(System.currentTimeMillis())
                .write("inputs").int64(stats.inputs())
                .write("outputs").int64(stats.outputs())
                .write("handlerErrors").int64(stats.handlerErrors())
                .write("badMessages").int64(stats.badMessages())
                .write("timerTicks").int64(stats.timerTicks())
                .write("syncs").int64(stats.syncs())
                .write("snapshots").int64(stats.snapshots());
        if (reason != null)
            wire.write("reason").text(reason);
        replace(file, bytes.toString());
    }

    /** Writes {@code text} to {@code file} so that readers see the old file or the new one, never half of one. */
    public static void replace(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The last status written, as plain values, or empty when the service has never run here. */
    public static Optional<Map<String, Object>> read(Path file) throws IOException {
        if (!Files.exists(file))
            return Optional.empty();
        try {
            return Optional.of(YamlTree.read(file.toString(), Files.readString(file)));
        } catch (YamlException e) { // a damaged file: reported as before, a mistake in the deployment's files
            throw new ConfigException(e.source(), e.line(), e.entry(), e.key(), e.problem());
        }
    }
}
