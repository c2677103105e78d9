package io.celerity.config;

import io.celerity.fixtures.Cli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One file, several processes: each runs some of its services with just the queues and loops they use. */
class OnlyServicesTest {

    private static final String YAML = """
            queues:
              in:    { path: in }
              mid:   { path: mid }
              out:   { path: out }
              spare: { path: spare }
            eventLoops:
              fast: { pauser: BUSY }
              slow: { pauser: SLEEPY }
            services:
              first:
                implClass: io.celerity.fixtures.TickEcho
                inputs: [ in ]
                output: mid
                eventLoop: fast
              second:
                implClass: io.celerity.fixtures.TickEcho
                inputs: [ mid ]
                output: out
                eventLoop: slow
            """;

    @TempDir
    Path dir;

    private Path file() throws IOException {
        return Files.writeString(dir.resolve("services.yaml"), YAML);
    }

    @Test
    void keepsTheNamedServicesWithTheirQueuesAndLoops() throws IOException {
        CelerityConfig second = CelerityConfig.load(file()).withOnlyServices(List.of("second"));

        assertEquals(List.of("second"), List.copyOf(second.services().keySet()));
        assertEquals(List.of("mid", "out"), List.copyOf(second.queues().keySet()));
        assertEquals(List.of("slow"), List.copyOf(second.eventLoops().keySet()));
        assertEquals(dir.resolve("mid"), second.queues().get("mid").path(), "paths stay resolved against the file");
        assertEquals(PauserType.SLEEPY, second.eventLoops().get("slow").pauser());
    }

    @Test
    void keepsTheControlAndSnapshotQueuesOfTheNamedServices() throws IOException {
        Path file = Files.writeString(dir.resolve("services.yaml"), """
                queues:
                  ticks:     { path: ticks }
                  commands:  { path: commands }
                  counts:    { path: counts }
                  snapshots: { path: snapshots }
                  echoes:    { path: echoes }
                services:
                  counter:
                    implClass: io.celerity.fixtures.SnapshottingCounter
                    inputs: [ ticks ]
                    control: commands
                    output: counts
                    rebuildState: REPLAY_OUTPUTS
                    snapshot: { queue: snapshots, method: writeCounts, everyInputs: 10 }
                  echo:
                    implClass: io.celerity.fixtures.TickEcho
                    inputs: [ counts ]
                    output: echoes
                """);
        CelerityConfig counter = CelerityConfig.load(file).withOnlyServices(List.of("counter"));

        assertEquals(List.of("ticks", "commands", "counts", "snapshots"), List.copyOf(counter.queues().keySet()));
    }

    @Test
    void anUnknownServiceIsNamedWithTheOnesDeclared() throws IOException {
        Path file = file();
        ConfigException e = assertThrows(ConfigException.class,
                () -> CelerityConfig.load(file).withOnlyServices(List.of("third")));
        assertEquals(file + ": service 'third': not declared; expected one of [first, second]", e.getMessage());
    }

    @Test
    void runRefusesAnUnknownServiceAsAConfigurationError() throws IOException {
        Cli.Result run = Cli.run("run", file().toString(), "--service", "third");
        assertEquals(2, run.status());
        assertTrue(run.err().contains("service 'third': not declared"), run.err());
    }
}
