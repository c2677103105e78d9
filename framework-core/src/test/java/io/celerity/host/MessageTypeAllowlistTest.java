package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.EnvelopeOpener;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.Traps;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.ValueOut;
import net.openhft.chronicle.wire.WireOut;
import net.openhft.chronicle.wire.WriteMarshallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A message naming a class its service's input interfaces do not declare is refused before the class is loaded. */
class MessageTypeAllowlistTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String TRAP = "io.celerity.fixtures.TrapMessage";

    @TempDir
    Path dir;

    @Test
    void anUndeclaredTypeIsRejectedCountedAndReportedOnceWithoutLoadingIt() {
        write("notes", w -> note(w, "a"), w -> tagged(w, "note", TRAP), w -> note(w, "b"), w -> tagged(w, "note", TRAP),
                w -> tagged(w, "note", "java.lang.ProcessBuilder"), w -> note(w, "c"));
        CelerityConfig config = CelerityConfig.builder()
                .queue("notes", dir.resolve("notes")).queue("ticks", dir.resolve("ticks")).queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out"))
                .build();

        String log = capturingStandardError(() -> {
            try (ServiceHost host = ServiceHost.start(config)) {
                Queues.await("6 inputs", WAIT, () -> host.stats("recorder").inputs() == 6);
                assertEquals(3, host.stats("recorder").badMessages());
                assertEquals(0, host.stats("recorder").handlerErrors());
            }
        });

        assertEquals(List.of("recorder:a", "recorder:b", "recorder:c"), notesOut(), "the service carried on");
        assertFalse(Traps.SPRUNG.stream().anyMatch(s -> s.startsWith("TrapMessage ")),
                "the undeclared class was initialised or constructed: " + Traps.SPRUNG);
        assertEquals(1, occurrences(log, "names type '" + TRAP + "'"), log);
        assertEquals(1, occurrences(log, "names type 'java.lang.ProcessBuilder'"), log);
        assertTrue(log.contains("accepted types [" + Note.class.getName()), log);
    }

    @Test
    void withoutTheAllowlistChronicleWouldBuildTheClassAMessageNames() {
        write("notes", w -> tagged(w, "note", TRAP + "Twin"));
        try (ChronicleQueue q = Queues.open(dir.resolve("notes")); ExcerptTailer t = q.createTailer()) {
            assertTrue(t.methodReader((NoteIn) n -> { }).readOne());
        }
        assertTrue(Traps.SPRUNG.contains("TrapMessageTwin initialised"), "the fixture proves nothing: " + Traps.SPRUNG);
    }

    @Test
    void typeTagsNestedInsideAMessageAreCheckedToo() {
        write("envelopes",
                w -> envelope(w, "declared", v -> v.typedMarshallable(Note.class.getName(), text("inside"))),
                w -> envelope(w, "undeclared", v -> v.typedMarshallable(TRAP, text("inside"))),
                w -> envelope(w, "untagged", v -> v.marshallable(text("plain"))));
        CelerityConfig config = CelerityConfig.builder()
                .queue("envelopes", dir.resolve("envelopes")).queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("opener", EnvelopeOpener.class, List.of("envelopes"), "out"))
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("3 inputs", WAIT, () -> host.stats("opener").inputs() == 3);
            assertEquals(1, host.stats("opener").badMessages());
        }
        assertEquals(List.of("declared:inside", "untagged:plain"), notesOut());
        assertFalse(Traps.SPRUNG.stream().anyMatch(s -> s.startsWith("TrapMessage ")), Traps.SPRUNG.toString());
    }

    @SafeVarargs
    private void write(String queue, Consumer<WireOut>... documents) {
        try (ChronicleQueue q = Queues.open(dir.resolve(queue)); ExcerptAppender a = q.createAppender()) {
            for (Consumer<WireOut> d : documents)
                try (DocumentContext dc = a.writingDocument()) {
                    d.accept(dc.wire());
                }
        }
    }

    private static void note(WireOut w, String text) {
        w.write("note").marshallable(text(text));
    }

    private static void tagged(WireOut w, String event, String typeName) {
        w.write(event).typedMarshallable(typeName, text("sneaked in"));
    }

    private static void envelope(WireOut w, String label, Consumer<ValueOut> inner) {
        w.write("envelope").marshallable(e -> {
            e.write("label").text(label);
            inner.accept(e.write("inner"));
        });
    }

    private static WriteMarshallable text(String text) {
        return m -> m.write("text").text(text);
    }

    private List<String> notesOut() {
        List<String> texts = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (NoteOut) n -> texts.add(n.text));
        return texts;
    }

    private static String capturingStandardError(Runnable action) {
        PrintStream original = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            action.run();
        } finally {
            System.setErr(original);
        }
        String text = captured.toString(StandardCharsets.UTF_8);
        original.print(text);
        return text;
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1))
            n++;
        return n;
    }
}
