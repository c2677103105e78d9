package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.ChildJvm;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteOut;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** celerity send into a real service host, and celerity tail (a real process) following what the service writes. */
class SendAndTailTest {

    private static final String YAML = """
            queues:
              notes:   { path: notes }
              answers: { path: answers }
            services:
              recorder:
                implClass: io.celerity.fixtures.Recorder
                inputs: [ notes ]
                output: answers
                heartbeat: 100ms
            """;

    private static final String EVENTS = """
            # echoed as 'recorder:hello'
            note: { text: hello }
            ...
            # acknowledged, nothing written
            note: { text: ack }
            ...
            time: 2026-03-02T09:30:00Z
            ...
            note: { text: twice }
            ...
            tick: { stream: 1, seq: 9, value: 900 }
            ...
            """;

    @TempDir
    Path dir;

    @Test
    void sentEventsReachTheServiceAndTailShowsItsAnswersAcknowledgementsAndHeartbeats() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        Path events = Files.writeString(dir.resolve("events.yaml"), EVENTS);
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) {
            ChildJvm tail = ChildJvm.start(dir.resolve("tail.log"), CelerityCli.class.getName(),
                    "tail", "answers", "--config", yaml.toString(), "--from", "START");
            try {
                Cli.Result sent = Cli.run("send", "notes", "--config", yaml.toString(), events.toString());
                assertEquals(0, sent.status(), sent.err());
                assertTrue(sent.out().startsWith("wrote 4 event(s) from " + events), sent.out());
                List<String> indexes = indexes(sent.out());
                assertEquals(4, indexes.size(), sent.out());
                assertTrue(sent.out().contains("skipped 1 'time:' event(s)"), sent.out());

                String log = await(tail, text -> text.contains("seq: 9") && text.contains("kind: acknowledgement")
                        && text.contains("kind: heartbeat"));
                assertTrue(log.contains("- noted: {\n      text: \"recorder:hello\"\n    }"), log);
                // The answer's history names the input send wrote, by queue name and index.
                assertTrue(log.contains("history: { sources: [ notes " + indexes.get(0) + " ]"), log);
                // send's history: no source, its write time; the service adds its read and write.
                assertTrue(Pattern.compile("sources: \\[ notes " + indexes.get(0) + " ], timings: \\[ \\d+, \\d+, \\d+ ]")
                        .matcher(log).find(), log);
                assertTrue(log.contains("kind: acknowledgement # history only"), log);
                assertTrue(log.matches("(?s).*events:\n  - noted: \\{\n      text: first\n    }\n  - noted: \\{\n"
                        + "      text: second\n    }\n.*"), "two answers in one document: " + log);
                assertTrue(log.contains("- echoed: {\n      stream: 1,\n      seq: 9,\n      value: 900\n    }"), log);
                assertTrue(log.matches("(?s).*kind: heartbeat # .*\nheartbeat: \\d+ # 20\\d\\d-.*"), log);
                assertEquals(4, host.stats("recorder").inputs());
            } finally {
                int exit = tail.terminate(); // as Ctrl-C: the shutdown hook stops the loop, which closes the queue
                assertEquals(143, exit, tail.logText());
                assertFalse(tail.logText().contains("Exception"), tail.logText());
            }
        }
        Cli.Result two = Cli.run("tail", "answers", "--config", yaml.toString(), "--from", "START", "--count", "2");
        assertEquals(0, two.status(), two.err());
        assertEquals(2, two.out().split("\n---\n", -1).length, "stops after --count documents: " + two.out());
    }

    @Test
    void tailOnADeclaredQueueNotCreatedYetWaitsForIt() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), YAML);
        ChildJvm tail = ChildJvm.start(dir.resolve("tail.log"), CelerityCli.class.getName(),
                "tail", "answers", "--config", yaml.toString(), "--from", "START", "--count", "1");
        String waiting = await(tail, text -> text.contains("waiting for queue"));
        assertTrue(waiting.contains("celerity: waiting for queue 'answers' to appear at "
                + dir.resolve("answers").toAbsolutePath() + " (Ctrl-C to stop)"), waiting);
        assertTrue(tail.isAlive(), waiting);
        try (ChronicleQueue answers = SingleChronicleQueueBuilder.binary(dir.resolve("answers")).build()) {
            answers.methodWriter(NoteOut.class).noted(new Note().text("late"));
        }
        assertEquals(0, tail.await(), tail.logText());
        String log = tail.logText();
        assertTrue(log.contains("- noted: {\n      text: late\n    }"), log);
        assertEquals(1, log.split("waiting for queue", -1).length - 1, "said once: " + log);
        assertFalse(log.contains("no queue at") || log.contains("Failback") || log.contains("Exception"), log);
    }

    @Test
    void aBadEventNamesFileEventAndLineAndNothingIsWritten() throws Exception {
        assertEquals("celerity: " + dir.resolve("typo.yaml") + ": event 2 (line 4): unknown event 'notte'; expected "
                        + "one of [note, tick] (io.celerity.fixtures.NoteIn, io.celerity.fixtures.TickIn)\n",
                refused("typo.yaml", "note: { text: fine }\n...\n# a typo\nnotte: { text: lost }\n...\n"));
        String twoCalls = refused("two.yaml", "note: { text: a }\nnote: { text: b }\n...\n");
        assertTrue(twoCalls.startsWith("celerity: " + dir.resolve("two.yaml") + ": event 1 holds more than one call "
                + "(line 1)"), twoCalls);
    }

    @Test
    void aKeyThatIsNoFieldOrTextWhereANumberBelongsIsRefusedBeforeAnythingIsWritten() throws Exception {
        assertEquals("celerity: " + dir.resolve("field.yaml") + ": event 2 (line 3), tick: key 'sek' is not a field; "
                        + "expected one of [stream, seq, value]\n",
                refused("field.yaml", "tick: { stream: 1, seq: 1, value: 5 }\n...\ntick: { stream: 1, sek: 2, value: 5 }\n...\n"));
        String notANumber = refused("text.yaml", "tick: { stream: one, seq: 1, value: 5 }\n...\n");
        assertTrue(notANumber.endsWith("event 1 (line 1), tick: key 'stream': 'one' is not a number (it would be "
                + "written as 0)\n"), notANumber);
    }

    /** Sends {@code text} to the notes queue, requires exit 1 and an empty queue; returns the error. */
    private String refused(String file, String text) throws Exception {
        return refused(YAML, file, text);
    }

    /** Sends {@code text} to the notes queue of {@code services}, requires exit 1 and an empty queue; returns the error. */
    private String refused(String services, String file, String text) throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), services);
        Path events = Files.writeString(dir.resolve(file), text);
        Cli.Result sent = Cli.run("send", "notes", "--config", yaml.toString(), events.toString());
        assertEquals(CelerityCli.USAGE_ERROR, sent.status(), sent.out());
        assertFalse(Files.exists(dir.resolve("notes")) && entries(dir.resolve("notes")) > 0, "nothing written");
        return sent.err();
    }

    @Test
    void aQueueThatDeclaresItsEventsTakesOnlyThose() throws Exception {
        String err = refused(YAML.replace("notes:   { path: notes }",
                "notes:   { path: notes, events: [ io.celerity.fixtures.NoteIn ] }"), "tick.yaml",
                "tick: { stream: 1, seq: 1, value: 5 }\n...\n");
        assertTrue(err.contains("unknown event 'tick'; expected one of [note]"), err);
    }

    @Test
    void sendToAQueueDirectoryNeedsTheInterfaceNamed() throws Exception {
        Path queue = Files.createDirectories(dir.resolve("plain"));
        Path events = Files.writeString(dir.resolve("events.yaml"), "note: { text: direct }\n...\n");
        Cli.Result unnamed = Cli.run("send", queue.toString(), events.toString());
        assertEquals(CelerityCli.USAGE_ERROR, unnamed.status());
        assertTrue(unnamed.err().contains("name it with --interface CLASS"), unnamed.err());

        Cli.Result sent = Cli.run("send", queue.toString(), events.toString(), "--interface", "io.celerity.fixtures.NoteIn");
        assertEquals(0, sent.status(), sent.err());
        Cli.Result dump = Cli.run("dump", queue.toString(), "--interface", "io.celerity.fixtures.NoteIn");
        assertTrue(dump.out().contains("- note: {\n      text: direct\n    }"), dump.out());
        assertTrue(dump.out().contains("history: { sources: [], timings: [ "), dump.out());
    }

    private static long entries(Path queue) {
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(queue).readOnly(true).build()) {
            return q.entryCount();
        }
    }

    private static List<String> indexes(String sendOutput) {
        Matcher m = Pattern.compile("(?m)^(0x[0-9a-f]+) \\w+$").matcher(sendOutput);
        List<String> found = new java.util.ArrayList<>();
        while (m.find())
            found.add(m.group(1));
        return found;
    }

    private static String await(ChildJvm child, Predicate<String> condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000; // a child JVM compiles its readers first; a busy machine
        String log = child.logText();
        while (!condition.test(log) && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
            log = child.logText();
        }
        return log;
    }
}
