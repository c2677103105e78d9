package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.fixtures.FailureLog;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A queue that declares the events it carries delivers only those: another event on it is a bad message. */
class QueueEventTypesTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @Test
    void anEventOfAnotherInterfaceOnATypedQueueIsRefusedAndReported() {
        try (ChronicleQueue notes = Queues.open(dir.resolve("notes")); ChronicleQueue ticks = Queues.open(dir.resolve("ticks"))) {
            notes.methodWriter(NoteIn.class).note(new Note().text("a"));
            notes.methodWriter(TickIn.class).tick(new Tick().set(1, 0, 10)); // a tick on the notes queue
            notes.methodWriter(NoteIn.class).note(new Note().text("b"));
            ticks.methodWriter(TickIn.class).tick(new Tick().set(2, 0, 20)); // the ticks queue declares nothing
            ticks.methodWriter(NoteIn.class).note(new Note().text("c"));
        }
        CelerityConfig config = FailedInputsTest.recorderReportingTo(dir,
                QueueConfig.of("notes", dir.resolve("notes")).withEvents(List.of(NoteIn.class.getName())));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("5 inputs", WAIT, () -> host.stats("recorder").inputs() == 5);
            assertEquals(1, host.stats("recorder").badMessages());
            assertEquals(0, host.stats("recorder").handlerErrors());
        }
        List<String> out = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), new Both(out));
        assertEquals(List.of("recorder:a", "tick 2", "recorder:c", "recorder:b"), out,
                "the tick on notes is not processed; the untyped ticks queue delivers both");
        FailureLog log = new FailureLog();
        Queues.readAll(dir.resolve("errors"), log);
        assertEquals(List.of("badMessage"), log.kinds);
        assertEquals("notes", log.reports.get(0).queue());
        assertEquals(1, (int) log.reports.get(0).index());
        assertEquals("event 'tick' is not one this queue may deliver", log.reports.get(0).reason());
    }

    private record Both(List<String> out) implements NoteOut, TickOut {
        @Override
        public void noted(Note note) {
            out.add(note.text);
        }

        @Override
        public void echoed(Tick tick) {
            out.add("tick " + tick.stream);
        }
    }
}
