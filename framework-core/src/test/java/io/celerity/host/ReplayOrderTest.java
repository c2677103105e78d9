package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.InterleavingHash;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * With {@code rebuildState: REPLAY_INPUTS}, a restarted service gets back the state that the original interleaving of
 * its two inputs built, including inputs that wrote nothing.
 */
class ReplayOrderTest {

    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final int NOTES = 30, TICKS = 10, CONCURRENT = 2_000;

    @TempDir
    Path dir;

    private CelerityConfig config() {
        return CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("hash", InterleavingHash.class, List.of("notes", "ticks"), "out")
                        .withRebuild(StateRebuild.REPLAY_INPUTS))
                .build();
    }

    @Test
    void aRebuildReplaysTwoInputsInTheOrderTheyWereFirstProcessed() throws Exception {
        // Written before the service starts, so round-robin takes them as n0 t0 n1 t1 ... n9 t9 n10 ... n29.
        try (ChronicleQueue notes = Queues.open(dir.resolve("notes")); ChronicleQueue ticks = Queues.open(dir.resolve("ticks"))) {
            NoteIn n = notes.methodWriter(NoteIn.class);
            for (int i = 0; i < NOTES; i++)
                n.note(new Note().text("n" + i));
            TickIn t = ticks.methodWriter(TickIn.class);
            for (int i = 0; i < TICKS; i++)
                t.tick(new Tick().set(1, i, i));
        }
        long roundRobin = 17;
        for (int i = 0; i < NOTES; i++) {
            roundRobin = InterleavingHash.next(roundRobin, ("n" + i).hashCode());
            if (i < TICKS)
                roundRobin = InterleavingHash.next(roundRobin, i);
        }
        long beforeRestart;
        try (ServiceHost host = ServiceHost.start(config())) {
            Queues.await("the first inputs", WAIT, () -> host.stats("hash").inputs() == NOTES + TICKS);
            assertEquals(Long.toString(roundRobin), report(host, 1), "processed round-robin");
            // Then two writers race, so the interleaving is whatever this run's timing made it.
            Thread noteWriter = new Thread(() -> writeNotes(CONCURRENT));
            noteWriter.start();
            writeTicks(CONCURRENT);
            noteWriter.join();
            Queues.await("the racing inputs", WAIT,
                    () -> host.stats("hash").inputs() == NOTES + TICKS + 1 + 2L * CONCURRENT);
            beforeRestart = Long.parseLong(report(host, 2));
        }
        assertNotEquals(roundRobin, beforeRestart);
        try (ServiceHost host = ServiceHost.start(config())) {
            assertEquals(Long.toString(beforeRestart), report(host, 3), "the state rebuilt by replaying the inputs");
            assertEquals(1, host.stats("hash").inputs(), "no input processed again live");
        }
    }

    /** Asks for the hash and returns it: the {@code nth} answer on the output queue. */
    private String report(ServiceHost host, int nth) {
        writeNote("report");
        Queues.await("answer " + nth, WAIT, () -> answers().size() == nth);
        return answers().get(nth - 1);
    }

    private List<String> answers() {
        List<String> texts = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (NoteOut) n -> texts.add(n.text));
        return texts;
    }

    private void writeNote(String text) {
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            q.methodWriter(NoteIn.class).note(new Note().text(text));
        }
    }

    private void writeNotes(int count) {
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            NoteIn w = q.methodWriter(NoteIn.class);
            Note note = new Note();
            for (int i = 0; i < count; i++)
                w.note(note.text("c" + i));
        }
    }

    private void writeTicks(int count) {
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick tick = new Tick();
            for (int i = 0; i < count; i++)
                w.tick(tick.set(2, i, 1_000 + i));
        }
    }
}
