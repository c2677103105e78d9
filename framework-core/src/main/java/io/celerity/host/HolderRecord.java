package io.celerity.host;

import io.celerity.internal.yaml.YamlTree;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/** How a claim file records its holder: a few lines of YAML naming the process, its host and its start. */
final class HolderRecord {

    private HolderRecord() {
    }

    /** This process taking a claim now for {@code service}. */
    static RunningInstance thisProcess(String service, String config) {
        return new RunningInstance(service, ProcessHandle.current().pid(), HostName.VALUE,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), config);
    }

    static String toYaml(RunningInstance holder) {
        return "service: " + quoted(holder.service()) + "\npid: " + holder.pid() + "\nhost: " + quoted(holder.host())
                + "\nsince: " + quoted(holder.since().toString()) + "\nconfig: " + quoted(holder.config()) + "\n";
    }

    /** The holder a claim file names, or null when it names none yet (its holder is still writing it). */
    public static RunningInstance parse(String source, String yaml) {
        try {
            Map<String, Object> m = YamlTree.read(source, yaml);
            return new RunningInstance((String) m.get("service"), ((Number) m.get("pid")).longValue(),
                    (String) m.get("host"), Instant.parse((String) m.get("since")), (String) m.get("config"));
        } catch (RuntimeException e) {
            return null;
        }
    }

    static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", " ") + "\"";
    }

    // Linux's own name for the machine first: InetAddress may wait on DNS.
    private static final class HostName {
        static final String VALUE = read();

        private static String read() {
            try {
                return Files.readString(Path.of("/proc/sys/kernel/hostname")).trim();
            } catch (IOException | RuntimeException e) {
                try {
                    return InetAddress.getLocalHost().getHostName();
                } catch (IOException ex) {
                    return "unknown";
                }
            }
        }
    }
}
