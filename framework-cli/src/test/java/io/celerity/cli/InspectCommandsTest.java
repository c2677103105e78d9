package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** dump, latency and diagram against a real deployment that has processed a few messages. */
class InspectCommandsTest {

    /** An echo service between two queues; RunnableJarIT runs it too. */
    static final String YAML = """
            queues:
              ticks:  { path: ticks }
              echoes: { path: echoes }
            services:
              echo:
                implClass: io.celerity.fixtures.TickEcho
                inputs: [ ticks ]
                output: echoes
            """;

    @TempDir
    Path dir;
    private Path servicesYaml;

    @BeforeEach
    void processFiveTicks() throws IOException, InterruptedException {
        servicesYaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(servicesYaml));
             ChronicleQueue ticks = SingleChronicleQueueBuilder.binary(dir.resolve("ticks")).build()) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            for (int i = 1; i <= 5; i++)
                writer.tick(new Tick().set(7, i, i * 100));
            long deadline = System.currentTimeMillis() + 60_000; // liveness, on a machine that may be busy
            while (host.stats("echo").inputs() < 5 && System.currentTimeMillis() < deadline)
                Thread.sleep(5);
            assertEquals(5, host.stats("echo").inputs(), "ticks the echo read within 60 s");
        }
    }

    @Test
    void dumpShowsEachMessageDecodedWithItsIndexAndHistory() {
        Cli.Result dump = run("dump", "echoes", "--config", servicesYaml.toString());
        assertEquals(0, dump.status(), dump.err());
        assertEquals(5, count(dump.out(), "- echoed: {"), dump.out());
        assertTrue(dump.out().contains("seq: 5"), dump.out());
        assertEquals(5, count(dump.out(), "history: { sources: [ ticks 0x"), dump.out());
        assertTrue(dump.out().matches("(?s)^---\nindex: 0x[0-9a-f]+\nkind: events\n.*"), "starts with an index: "
                + dump.out());
    }

    @Test
    void dumpFromAnIndexSkipsEarlierMessages() {
        String all = run("dump", dir.resolve("echoes").toString(), "--interface", "io.celerity.fixtures.TickOut").out();
        String third = all.lines().filter(l -> l.startsWith("index: 0x")).skip(2).findFirst().orElseThrow();
        Cli.Result from = run("dump", dir.resolve("echoes").toString(), "--interface", "io.celerity.fixtures.TickOut",
                "--from", third.substring("index: ".length()));
        assertEquals(3, count(from.out(), "echoed: {"), from.out());
        assertTrue(!from.out().contains("seq: 2"), from.out());
    }

    @Test
    void latencyGivesPercentilesPerHop() {
        Cli.Result latency = run("latency", "echoes", "--config", servicesYaml.toString());
        assertEquals(0, latency.status(), latency.err());
        assertTrue(latency.out().contains("5 messages with history"), latency.out());
        assertTrue(latency.out().contains("service 1 reading ticks (read -> write)"), latency.out());
        assertTrue(latency.out().contains("99.9%"), latency.out());
    }

    @Test
    void diagramDrawsQueuesAndServices() {
        Cli.Result diagram = run("diagram", servicesYaml.toString());
        assertEquals(0, diagram.status(), diagram.err());
        assertTrue(diagram.out().startsWith("digraph celerity {"), diagram.out());
        assertTrue(diagram.out().contains("\"q:ticks\" -> \"s:echo\";"), diagram.out());
        assertTrue(diagram.out().contains("\"s:echo\" -> \"q:echoes\";"), diagram.out());
    }

    @Test
    void anUnknownQueueIsAClearErrorNotAStackTrace() {
        Cli.Result dump = run("dump", "nonesuch", "--config", servicesYaml.toString());
        assertEquals(CelerityCli.USAGE_ERROR, dump.status());
        assertTrue(dump.err().contains("has no queue 'nonesuch'; it has [ticks, echoes]"), dump.err());
        assertTrue(!dump.err().contains("at io.celerity"), dump.err());
    }

    private static int count(String text, String part) {
        return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
    }

    private static Cli.Result run(String... args) {
        return Cli.run(args);
    }
}
