package io.celerity.testhosts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the tests expect of this machine, found out independently of the code under test. */
final class Machine {

    private Machine() {
    }

    /** Linux, root and iproute2: then Hosts must give namespaces, not fall back. */
    static boolean allowsNamespaces() {
        try {
            return System.getProperty("os.name").startsWith("Linux") && Commands.find("ip").isPresent()
                    && Files.readAllLines(Path.of("/proc/self/status")).stream()
                    .anyMatch(l -> l.matches("Uid:\\s+0\\s.*"));
        } catch (IOException e) {
            return false;
        }
    }

    /** The letter of /proc/PID/status's State line (R, S, T ...), or '?' where there is no /proc. */
    static char state(long pid) throws IOException {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        if (!Files.exists(status))
            return '?';
        return Files.readAllLines(status).stream().filter(l -> l.startsWith("State:"))
                .map(l -> l.substring("State:".length()).trim().charAt(0)).findFirst().orElse('?');
    }
}
