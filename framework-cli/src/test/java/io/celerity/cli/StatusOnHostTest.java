package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.Cli;
import io.celerity.internal.replication.ThreeHosts;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.internal.dispatch.ServiceCounters;
import io.celerity.internal.replication.ReplicationStatusFile;
import io.celerity.internal.operations.StatusFile;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code celerity status --host b}: host b's services only, and per copied queue each sink's acknowledged index, lag,
 * resumes and failure (at the source) or the replica's last index (at a sink), from the files host b writes. The
 * live files of a real two-host run are checked in framework-replication (AgentAnswersTest).
 */
class StatusOnHostTest {

    @TempDir
    Path dir;

    @Test
    void showsTheHostsServicesAndEachCopyOfItsQueues() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), ThreeHosts.YAML);
        CelerityConfig config = CelerityConfig.loadWithoutComponents(yaml);
        String before = Cli.run("status", "--host", "b", yaml.toString()).out();
        assertTrue(before.matches("(?s).*out +to a +not started .*"), before);
        assertTrue(before.matches("(?s).*in +from c +not started .*"), before);
        try (ChronicleQueue out = SingleChronicleQueueBuilder.binary(dir.resolve("out")).build();
             ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir.resolve("in")).build()) {
            TickIn writer = out.methodWriter(TickIn.class);
            for (int i = 0; i < 5; i++)
                writer.tick(new Tick().set(1, i, i));
            ReplicationStatusFile.writeAll(config, ThreeHosts.hostB(out, in), "running");
            StatusFile.write(StatusFile.of(config, config.services().get("echo")), new ServiceCounters("echo"),
                    "running", null, "b");
        }
        Cli.Result status = Cli.run("status", "--host", "b", yaml.toString());
        assertEquals(0, status.status(), status.err());
        String text = status.out();
        assertTrue(text.startsWith("host b of [a, b, c]\n"), text);
        assertTrue(text.matches("(?s).*\necho +running .*"), text);
        assertFalse(text.contains("elsewhere"), "a service of host c: " + text);
        assertTrue(text.matches("(?s).*\nout +to a +running +0x[0-9a-f]+ +0x[0-9a-f]+ +2 +3 .*"), text);
        assertTrue(text.matches("(?s).*\nout +to c +FAILED +0x[0-9a-f]+ +none +5 +0 +the replica's last index is "
                + "not in the source\n.*"), text);
        assertTrue(text.matches("(?s).*\nin +from c +running +none +- +- +0 .*"), text);

        String all = Cli.run("status", yaml.toString()).out();
        assertTrue(all.contains("give --host NAME"), all);
        Cli.Result unknown = Cli.run("status", "--host", "z", yaml.toString());
        assertTrue(unknown.status() != 0 && unknown.err().contains("host 'z' is not declared"), unknown.err());
    }
}
