package io.celerity.internal.fencing;

import io.celerity.internal.config.YamlTree;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/**
 * Who holds a service's claim: what an operator needs to find the running instance.
 *
 * @param service the service name
 * @param pid     the holding process
 * @param host    the machine it runs on
 * @param since   when it took the claim
 * @param config  where its configuration came from
 */
public record ClaimHolder(String service, long pid, String host, Instant since, String config) {

    /** This process taking a claim now for {@code service}. */
    static ClaimHolder thisProcess(String service, String config) {
        return new ClaimHolder(service, ProcessHandle.current().pid(), HostName.VALUE,
                Instant.now().truncatedTo(ChronoUnit.MILLIS), config);
    }

    /** E.g. {@code pid 4242 on host trader-1 since 2026-11-24T19:20:05.123Z, config /srv/services.yaml}. */
    public String describe() {
        return "pid " + pid + " on host " + host + " since " + since + ", config " + config;
    }

    String toYaml() {
        return "service: " + quoted(service) + "\npid: " + pid + "\nhost: " + quoted(host) + "\nsince: "
                + quoted(since.toString()) + "\nconfig: " + quoted(config) + "\n";
    }

    /** The holder a claim file names, or null when it names none yet (its holder is still writing it). */
    public static ClaimHolder parse(String source, String yaml) {
        try {
            Map<String, Object> m = YamlTree.read(source, yaml);
            return new ClaimHolder((String) m.get("service"), ((Number) m.get("pid")).longValue(),
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
