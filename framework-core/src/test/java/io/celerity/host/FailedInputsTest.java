package io.celerity.host;

import io.celerity.api.FailedInput;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.AsRoot;
import io.celerity.fixtures.FailingTimer;
import io.celerity.fixtures.FailureLog;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Recorder;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A service with an {@code errors} queue reports each failed or refused input there, once, with its raw bytes. */
class FailedInputsTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    /** An event {@link Recorder} does not have. */
    interface Strange {
        void somethingElse(Note note);
    }

    private CelerityConfig config() {
        return recorderReportingTo(dir, QueueConfig.of("notes", dir.resolve("notes")));
    }

    /** {@link Recorder} reading {@code notes} and ticks, reporting failed inputs to the queue errors. */
    static CelerityConfig recorderReportingTo(Path dir, QueueConfig notes) {
        return CelerityConfig.builder()
                .queue(notes)
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .queue("errors", dir.resolve("errors"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out")
                        .withErrors("errors"))
                .build();
    }

    private void writeNotes(String... texts) {
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            NoteIn w = q.methodWriter(NoteIn.class);
            for (String t : texts)
                w.note(new Note().text(t));
        }
    }

    private FailureLog failures() {
        FailureLog log = new FailureLog();
        Queues.readAll(dir.resolve("errors"), log);
        return log;
    }

    private List<String> notesOut() {
        List<String> texts = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (NoteOut) n -> texts.add(n.text));
        return texts;
    }

    @Test
    void aThrowingHandlerIsReportedWithItsInputsPlaceExceptionAndBytes() {
        writeNotes("a", "boom", "b");
        try (ServiceHost host = ServiceHost.start(config())) {
            Queues.await("3 inputs", WAIT, () -> host.stats("recorder").inputs() == 3);
        }
        assertEquals(List.of("recorder:a", "recorder:b"), notesOut(), "the service carried on");
        FailureLog log = failures();
        assertEquals(List.of("handlerFailed"), log.kinds);
        FailedInput f = log.reports.get(0);
        assertEquals("recorder", f.service());
        assertEquals("notes", f.queue());
        assertEquals(1, (int) f.index(), "the second note of the first cycle");
        assertEquals(IllegalStateException.class.getName(), f.exception());
        assertEquals("boom as asked", f.reason());
        assertTrue(f.stackTrace().contains("at " + Recorder.class.getName() + ".note("), f.stackTrace());
        assertTrue(f.stackTrace().length() <= 8192, "bounded");
        VanillaMessageHistory recorded = Queues.histories(dir.resolve("errors")).get(0);
        assertEquals(config().queues().get("notes").sourceId(), recorded.lastSourceId(), "the report names its input");
        assertEquals(1, (int) recorded.lastSourceIndex(), recorded.toString());

        // A replay tool writes the raw bytes back as a document: they are the original input.
        try (ChronicleQueue replay = Queues.open(dir.resolve("replay"))) {
            ExcerptAppender appender = replay.createAppender();
            try (DocumentContext dc = appender.writingDocument()) {
                dc.wire().bytes().write(f.input());
            }
        }
        List<String> replayed = new ArrayList<>();
        Queues.readAll(dir.resolve("replay"), (NoteIn) n -> replayed.add(n.text));
        assertEquals(List.of("boom"), replayed);
    }

    @Test
    void badMessagesAreReportedWithTheirReason() {
        writeNotes("a");
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            q.methodWriter(Strange.class).somethingElse(new Note().text("odd"));
        }
        try (ServiceHost host = ServiceHost.start(config())) {
            Queues.await("2 inputs", WAIT, () -> host.stats("recorder").inputs() == 2);
            assertEquals(1, host.stats("recorder").badMessages());
        }
        FailureLog log = failures();
        assertEquals(List.of("badMessage"), log.kinds);
        FailedInput f = log.reports.get(0);
        assertEquals("notes", f.queue());
        assertEquals(1, (int) f.index());
        assertNull(f.exception());
        assertEquals("unknown event 'somethingElse'", f.reason());
        assertTrue(f.input().toString().contains("odd"), "raw input: " + f.input());
    }

    @Test
    void eachFailureIsReportedOnceAcrossRestarts() {
        writeNotes("boom");
        try (ServiceHost host = ServiceHost.start(config())) {
            Queues.await("1 input", WAIT, () -> host.stats("recorder").inputs() == 1);
        }
        writeNotes("boom", "a");
        try (ServiceHost host = ServiceHost.start(config())) {
            // 'a', last, is the sentinel: once answered, the first 'boom' read again would have been read before it
            Queues.await("'a' answered", WAIT, () -> notesOut().contains("recorder:a"));
            assertEquals(2, host.stats("recorder").inputs(), "the first failed input is not read again");
        }
        FailureLog log = failures();
        assertEquals(List.of("handlerFailed", "handlerFailed"), log.kinds);
        assertEquals(0, (int) log.reports.get(0).index());
        assertEquals(1, (int) log.reports.get(1).index());
    }

    @Test
    void aThrowingTimerIsReportedWithoutAnInput() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("out", dir.resolve("out"))
                .queue("errors", dir.resolve("errors"))
                .service(ServiceConfig.of("timed", FailingTimer.class, List.of("ticks"), "out")
                        .withTimer("onTimer", Duration.ofMillis(1)).withErrors("errors"))
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("a failed tick", WAIT, () -> host.stats("timed").handlerErrors() >= 1);
        }
        FailureLog log = failures();
        assertTrue(log.reports.size() >= 1);
        FailedInput f = log.reports.get(0);
        assertEquals("handlerFailed", log.kinds.get(0));
        assertEquals("timed", f.service());
        assertEquals("timer", f.queue());
        assertEquals(-1, f.index());
        assertEquals(UnsupportedOperationException.class.getName(), f.exception());
        assertEquals("timer fails as asked", f.reason());
        assertEquals(0, f.input().readRemaining(), "no input");
        assertEquals(0, Queues.histories(dir.resolve("errors")).get(0).sources(), "no source a restart could take");
    }

    /** No input is acknowledged without its report: while the report cannot be written, the input is kept. */
    @Test
    void anInputWhoseReportCannotBeWrittenIsKeptAndReportedOnceWritableAgain() throws Exception {
        Path errors = dir.resolve("errors");
        try (ServiceHost host = ServiceHost.start(config())) {
            // No cycle file yet: the first report needs a new file in the directory.
            AsRoot.run("to make a directory immutable", "chattr", "+i", errors.toString());
            try {
                writeNotes("boom");
                Queues.await("retries", WAIT, () -> host.stats("recorder").handlerErrors() >= 3);
                assertEquals(0, host.stats("recorder").inputs(), "the input is not done with");
                assertEquals(0, Queues.count(dir.resolve("out")), "nor acknowledged");
            } finally {
                AsRoot.run("to make a directory immutable", "chattr", "-i", errors.toString());
            }
            Queues.await("the input, once reported", WAIT, () -> host.stats("recorder").inputs() == 1);
        }
        assertEquals(1, Queues.count(dir.resolve("out")), "acknowledged once");
        assertEquals(List.of("handlerFailed"), failures().kinds, "reported once");
    }

    /**
     * The state a crash leaves between the two writes of a failed input: its report is on the errors queue (written
     * first), its acknowledgement never reached the output. The restart must neither process it nor report it again.
     */
    @Test
    void anInputReportedButNotYetAcknowledgedIsNotProcessedAgain() {
        writeNotes("lost-ack", "b");
        CelerityConfig config = config();
        int notesSourceId = config.queues().get("notes").sourceId();
        long firstIndex;
        try (ChronicleQueue notes = Queues.open(dir.resolve("notes"))) {
            firstIndex = notes.firstIndex();
        }
        try (ChronicleQueue errors = Queues.open(dir.resolve("errors"))) {
            VanillaMessageHistory history = new VanillaMessageHistory();
            history.addSourceDetails(false);
            history.addSource(notesSourceId, firstIndex);
            try (DocumentContext dc = errors.createAppender().writingDocument()) {
                dc.wire().write("history").marshallable(history);
                dc.wire().write("handlerFailed").marshallable(new FailedInput().at("recorder", "notes", firstIndex)
                        .cause(IllegalStateException.class.getName(), "crashed before its acknowledgement", ""));
            }
        }
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("b's answer", WAIT, () -> notesOut().contains("recorder:b"));
        }
        // Processed again, the first note would have been echoed before b.
        assertEquals(List.of("recorder:b"), notesOut(), "the reported input was not processed again");
        assertEquals(1, failures().kinds.size(), "nor reported again");
    }
}
