package io.celerity.runtime;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.YamlTree;

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

    /** @param reason why the host stopped by itself, or null */
    static void write(Path file, ServiceStats stats, String state, String reason) throws IOException {
        String text = "service: " + stats.serviceName() + "\n"
                + "state: " + state + "\n"
                + "pid: " + ProcessHandle.current().pid() + "\n"
                + "updatedMillis: " + System.currentTimeMillis() + "\n"
                + "inputs: " + stats.inputs() + "\n"
                + "outputs: " + stats.outputs() + "\n"
                + "handlerErrors: " + stats.handlerErrors() + "\n"
                + "badMessages: " + stats.badMessages() + "\n"
                + "timerTicks: " + stats.timerTicks() + "\n"
                + "syncs: " + stats.syncs() + "\n"
                + "snapshots: " + stats.snapshots() + "\n"
                + (reason == null ? "" : "reason: \"" + reason.replace("\\", "\\\\").replace("\"", "\\\"") + "\"\n");
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        // Readers see the old file or the new one, never half of one.
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The last status written, as plain values, or empty when the service has never run here. */
    public static Optional<Map<String, Object>> read(Path file) throws IOException {
        if (!Files.exists(file))
            return Optional.empty();
        return Optional.of(YamlTree.read(file.toString(), Files.readString(file)));
    }
}
