package io.celerity.config;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** One file, several processes: each runs some of its services with just the queues and loops they use. */
class OnlyServicesTest {

    private static final String YAML = """
            queues:
              in:    { path: in }
              mid:   { path: mid }
              out:   { path: out }
              spare: { path: spare }
              cancels: { path: cancels }
              snaps: { path: snaps }
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
              counter:
                implClass: io.celerity.fixtures.SnapshottingCounter
                inputs: [ in ]
                control: cancels
                output: spare
                rebuildState: REPLAY_OUTPUTS
                snapshot: { queue: snaps, method: writeCounts, everyInputs: 1000 }
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
    void keepsTheControlAndSnapshotQueuesOfAService() throws IOException {
        CelerityConfig counter = CelerityConfig.load(file()).withOnlyServices(List.of("counter"));

        assertEquals(List.of("in", "spare", "cancels", "snaps"), List.copyOf(counter.queues().keySet()));
    }

    @Test
    void anUnknownServiceIsNamedWithTheOnesDeclared() throws IOException {
        Path file = file();
        ConfigException e = assertThrows(ConfigException.class,
                () -> CelerityConfig.load(file).withOnlyServices(List.of("third")));
        assertEquals(file + ": service 'third': not declared; expected one of [first, second, counter]", e.getMessage());
    }
}
