package io.celerity.testhosts;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class HostsShutdownHookTest {

    private static final Duration LIVENESS = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    @Test
    void aTerminatedJvmStillEndsItsHostsProcessesAndDeletesItsNamespaces() throws Exception {
        Path log = dir.resolve("owner.log");
        Process owner = new ProcessBuilder(JavaCommand.of(HostsOwner.class.getName(), dir.resolve("sleep.log")
                .toString())).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        HostProcess watched = new HostProcess("test", owner, log);
        MatchResult started = watched.awaitLine(Pattern.compile("sleep (\\d+) namespaces (\\S*)"), LIVENESS);
        long sleep = Long.parseLong(started.group(1));
        List<String> namespaces = started.group(2).isEmpty() ? List.of() : List.of(started.group(2).split(","));

        owner.destroy(); // SIGTERM: the JVM runs its shutdown hooks
        assertEquals(143, watched.awaitExit(LIVENESS), watched.logText());

        assertFalse(Teardown.alive(sleep), "sleep " + sleep + " outlived its hosts' JVM");
        List<String> left = namespaces.isEmpty() ? List.of() : Ip.find().orElseThrow().namespaces();
        for (String ns : namespaces)
            assertFalse(left.contains(ns), ns + " outlived its hosts' JVM: " + left);
        assertEquals(Machine.allowsNamespaces() ? 3 : 0, namespaces.size(), watched.logText());
    }
}
