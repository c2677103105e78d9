package io.celerity.host;

import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** SIGTERM closes the host cleanly: loops stop after the message in hand, queues are closed, counts are reported. */
class ShutdownOnSigtermTest {

    // Liveness: a child JVM starts, compiles its generated readers and writers and echoes 100 ticks; with other builds
    // beside it (load average 40 on two cores) that took over 60 s.
    private static final Duration CHILD_WAIT = Duration.ofSeconds(180);

    @TempDir
    Path dir;

    @Test
    void sigtermClosesTheHostCleanly() throws Exception {
        Path yaml = Queues.echoServicesYaml(dir);
        try (ChronicleQueue q = Queues.open(dir.resolve("in"))) {
            TickIn w = q.methodWriter(TickIn.class);
            for (int i = 0; i < 100; i++)
                w.tick(new Tick().set(0, i, i));
        }
        ChildJvm child = ChildJvm.celerityRun(yaml, dir.resolve("child.log"));
        try {
            Queues.await("100 outputs", CHILD_WAIT, () -> Queues.count(dir.resolve("out")) == 100);
        } catch (AssertionError stuck) {
            throw new AssertionError(stuck.getMessage() + "; log:\n" + child.logText(), stuck);
        }
        // The close-on-SIGTERM hook is in place once the command says it runs; a SIGTERM before then is a crash.
        Queues.await("celerity run to say it runs", CHILD_WAIT,
                () -> child.logText().contains("celerity: running"));

        int status = child.terminate();

        String log = child.logText();
        assertEquals(143, status, "the JVM's status after SIGTERM (128 + 15); log:\n" + log);
        assertTrue(log.contains("closed echo {inputs: 100, outputs: 100, handlerErrors: 0"), log);
        // A clean close leaves no lock behind: a new host starts at once and reprocesses nothing.
        ChildJvm again = ChildJvm.celerityRun(yaml, dir.resolve("again.log"));
        // Its hook is in place only once it says it runs (a SIGTERM after "host started" but before that is a crash).
        Queues.await("the second host to say it runs", CHILD_WAIT,
                () -> again.logText().contains("celerity: running"));
        assertEquals(143, again.terminate(), again.logText());
        assertTrue(again.logText().contains("closed echo {inputs: 0, outputs: 0"), again.logText());
    }
}
