package io.celerity.internal.cluster;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ConfigException;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cluster's check, run by every load where framework-cluster is on the class path: a cluster that cannot decide,
 * or a standby that could not take over, is refused naming file, line, entry and key.
 */
class HighAvailabilityCheckTest {

    @TempDir
    Path dir;

    private static final String HOSTS = """
            hosts:
              a: { address: 192.0.2.1, port: 40100 }
              b: { address: 192.0.2.2, port: 40100 }
              c: { address: 192.0.2.3, port: 40100 }
            """;

    /** A source agent on host a, an echo on host b reading its copy, the echo's answers copied back to a and to c. */
    private static String deployment(String ticks, String out, String extraEcho) {
        return HOSTS + "queues:\n  ticks: { path: q/ticks" + ticks + " }\n  out: { path: q/out" + out + " }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ ticks ]\n    output: out\n" + extraEcho
                + "agents:\n  source:\n    implClass: " + TickSource.class.getName() + "\n    output: ticks\n";
    }

    private Path write(String yaml) throws IOException {
        Path file = dir.resolve("services.yaml");
        Files.writeString(file, yaml);
        return file;
    }

    /** The echo highly available: primary b (where out is written), standby c, a cluster of the three hosts. */
    private static String highlyAvailable(String cluster, String ticks, String out, String echo) {
        return deployment(ticks, out, "    standby: c\n" + echo).replace("queues:\n", cluster + "queues:\n");
    }

    private static final String CLUSTER = "cluster: { members: [ a, b, c ], port: 40500 }\n";
    private static final String HA = highlyAvailable(CLUSTER, ", host: a, replicas: [ b, c ]",
            ", host: b, replicas: [ a, c ]", "");

    @Test
    void aValidHighlyAvailableDeploymentPassesTheCheck() throws IOException {
        assertEquals("c", CelerityConfig.load(write(HA)).services().get("echo").standby());
    }

    @Test
    void refusesAClusterThatCannotDecide() throws IOException {
        rejected(HA.replace("[ a, b, c ], port", "[ a, b ], port"), "top level", "cluster.members", "2 members [a, b]",
                "expected an odd number, at least 3");
        rejected(HA.replace("[ a, b, c ], port", "[ a, b, d ], port"), "top level", "cluster.members",
                "unknown host 'd'", "expected one of [a, b, c]");
        rejected(HA.replace("[ a, b, c ], port", "[ a, b, b ], port"), "top level", "cluster.members",
                "host 'b' is named twice");
        rejected(HA.replace("port: 40500", "port: 65530"), "top level", "cluster.port", "leaves no room below 65536");
    }

    @Test
    void refusesAStandbyThatCouldNotTakeOver() throws IOException {
        rejected(HA.replace(CLUSTER, ""), "service 'echo'", "standby", "no cluster is declared");
        rejected(HA.replace("standby: c", "standby: d"), "service 'echo'", "standby", "unknown host 'd'");
        rejected(HA.replace("standby: c", "standby: b"), "service 'echo'", "standby", "host 'b' is the primary");
        rejected(highlyAvailable(CLUSTER, ", host: a, replicas: [ b, c ]", ", host: b, replicas: [ a ]", ""),
                "service 'echo'", "standby", "its output 'out' is not copied to host 'c'");
        rejected(highlyAvailable(CLUSTER, ", host: a, replicas: [ b ]", ", host: b, replicas: [ a, c ]", ""),
                "service 'echo'", "standby", "its input 'ticks' is not on host 'c'");
        rejected(highlyAvailable(CLUSTER, ", host: a, replicas: [ b, c ]", ", host: b, replicas: [ a, c ]",
                        "    errors: errs\n").replace("services:", "  errs: { path: q/errs, host: b }\nservices:"),
                "service 'echo'", "errors", "cannot report to an errors queue yet");
        for (String from : List.of("END", "START"))
            rejected(highlyAvailable(CLUSTER, ", host: a, replicas: [ b, c ]", ", host: b, replicas: [ a, c ]",
                    "    startFrom: " + from + "\n"), "service 'echo'", "startFrom", from + " would make a standby",
                    "expected LAST_WRITTEN");
        String readerOnPrimary = HA.replace("agents:", "  reader:\n    implClass: " + TickEcho.class.getName()
                + "\n    inputs: [ out ]\n    output: out2\nagents:")
                .replace("services:", "  out2: { path: q/out2, host: b }\nservices:");
        rejected(readerOnPrimary, "service 'reader'", "inputs", "it reads 'out', the output of highly available "
                + "service 'echo', on host 'b'");
    }

    /** Refused at the line holding the key, naming the file, line, entry, key and what was expected. */
    private void rejected(String yaml, String entry, String key, String... words) throws IOException {
        Path file = write(yaml);
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.load(file), yaml);
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ":" + e.line() + ": " + entry), e.getMessage());
        assertTrue(yaml.lines().toList().get(e.line() - 1).contains(key.substring(key.lastIndexOf('.') + 1) + ":")
                        || yaml.lines().toList().get(e.line() - 1).contains(entry.split("'")[1] + ":"),
                "line " + e.line() + " does not hold the key: " + e.getMessage());
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
    }
}
