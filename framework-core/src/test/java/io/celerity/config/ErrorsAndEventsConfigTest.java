package io.celerity.config;

import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The {@code errors} key of a service and the {@code events} key of a queue: read, and every misuse named. */
class ErrorsAndEventsConfigTest {

    @TempDir
    Path dir;

    private CelerityConfig parse(String yaml) {
        return CelerityConfig.parse("services.yaml", yaml, dir);
    }

    private static String file(String inEvents, String errors) {
        return "queues:\n"
                + "  in: { path: q/in" + (inEvents == null ? "" : ", events: " + inEvents) + " }\n"
                + "  out: { path: q/out }\n"
                + "  errors: { path: q/errors }\n"
                + "services:\n  echo:\n    implClass: " + TickEcho.class.getName() + "\n    inputs: [ in ]\n"
                + "    output: out\n" + (errors == null ? "" : "    errors: " + errors + "\n");
    }

    private void rejected(String yaml, String entry, String key, String... words) {
        ConfigException e = assertThrows(ConfigException.class, () -> parse(yaml));
        assertEquals("services.yaml", e.source(), e.getMessage());
        assertEquals(entry, e.entry(), e.getMessage());
        assertEquals(key, e.key(), e.getMessage());
        for (String w : words)
            assertTrue(e.getMessage().contains(w), "'" + w + "' missing from: " + e.getMessage());
    }

    @Test
    void bothKeysAreRead() {
        CelerityConfig c = parse(file("[ " + TickIn.class.getName() + " ]", "errors"));
        assertEquals(List.of(TickIn.class.getName()), c.queues().get("in").events());
        assertEquals(List.of(), c.queues().get("out").events());
        assertEquals("errors", c.services().get("echo").errors());
        assertEquals(null, parse(file(null, null)).services().get("echo").errors());
    }

    @Test
    void theErrorsQueueMustBeDeclared() {
        rejected(file(null, "nowhere"), "service 'echo'", "errors", "unknown queue 'nowhere'");
    }

    @Test
    void theErrorsQueueMustNotBeAnInputOrTheOutput() {
        rejected(file(null, "in"), "service 'echo'", "errors", "queue 'in' is also read by this service");
        rejected(file(null, "out"), "service 'echo'", "errors", "queue 'out' is also its output");
    }

    @Test
    void theErrorsQueueMustNotBeASnapshotQueueOrTheOutputOfAServiceReplayingIts() {
        ConfigException e = assertThrows(ConfigException.class, () -> CelerityConfig.builder()
                .queue("in", dir.resolve("in")).queue("out", dir.resolve("out")).queue("in2", dir.resolve("in2"))
                .queue("out2", dir.resolve("out2"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withErrors("out2"))
                .service(ServiceConfig.of("counter", io.celerity.fixtures.TickCounter.class, List.of("in2"), "out2")
                        .withRebuild(StateRebuild.REPLAY_OUTPUTS))
                .build());
        assertTrue(e.getMessage().contains("REPLAY_OUTPUTS takes back everything on it"), e.getMessage());
    }

    @Test
    void anEventsClassMustExistAndBeAnInterface() {
        rejected(file("[ com.example.Missing ]", null), "queue 'in'", "events",
                "class 'com.example.Missing' not found", "fully qualified name of an event interface");
        rejected(file("[ " + Note.class.getName() + " ]", null), "queue 'in'", "events",
                "'" + Note.class.getName() + "' is a class, not an interface");
        rejected(file(TickIn.class.getName(), null), "queue 'in'", "events", "is not a list");
    }

    @Test
    void theReadingComponentMustImplementOneOfTheQueuesEvents() {
        rejected(file("[ " + NoteIn.class.getName() + " ]", null), "service 'echo'", "inputs",
                "queue 'in' carries only events of [" + NoteIn.class.getName() + "]",
                TickEcho.class.getName() + " implements none of them");
        // One of several is enough: Recorder takes notes and ticks.
        parse(file("[ " + NoteIn.class.getName() + ", " + TickIn.class.getName() + " ]", null)
                .replace(TickEcho.class.getName(), Recorder.class.getName()));
    }

    @Test
    void theBuilderSetsBothKeys() {
        CelerityConfig c = CelerityConfig.builder()
                .queue(QueueConfig.of("in", dir.resolve("in")).withEvents(List.of(TickIn.class.getName())))
                .queue("out", dir.resolve("out")).queue("errors", dir.resolve("errors"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withErrors("errors"))
                .build();
        assertEquals(List.of(TickIn.class.getName()), c.queues().get("in").events());
        assertEquals("errors", c.withOnlyServices(List.of("echo")).services().get("echo").errors());
        assertTrue(c.withOnlyServices(List.of("echo")).queues().containsKey("errors"), "the errors queue goes along");
    }
}
