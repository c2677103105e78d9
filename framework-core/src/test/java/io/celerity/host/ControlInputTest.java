package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.GatedEcho;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A service's control queue is drained before each of its normal inputs, and restarts cover it like any input. */
class ControlInputTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private CelerityConfig gatedEcho() {
        return CelerityConfig.builder()
                .queue("orders", dir.resolve("orders")).queue("corrections", dir.resolve("corrections"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("echo", GatedEcho.class, List.of("orders"), "out").withControl("corrections"))
                .build();
    }

    @Test
    void controlMessagesWaitingAtStartGoBeforeEveryWaitingNormalInput() {
        List<String> orders = new ArrayList<>();
        for (int i = 1; i <= 50; i++)
            orders.add("n" + i);
        writeNotes("orders", orders.toArray(new String[0]));
        writeNotes("corrections", "c1", "c2");
        try (ServiceHost host = ServiceHost.start(gatedEcho())) {
            Queues.await("52 inputs", WAIT, () -> host.stats("echo").inputs() == 52);
        }
        List<String> expected = new ArrayList<>(List.of("c1", "c2"));
        expected.addAll(orders);
        assertEquals(expected, notesOut());
    }

    @Test
    void aControlMessageWrittenWhileTheServiceIsBusyOvertakesTheNormalInputsWaiting() throws InterruptedException {
        GatedEcho.reset();
        writeNotes("orders", "n1", "hold", "n2", "n3");
        try (ServiceHost host = ServiceHost.start(gatedEcho())) {
            assertTrue(GatedEcho.HELD.await(20, TimeUnit.SECONDS), "the service never reached 'hold'");
            writeNotes("corrections", "cancel n2"); // n2 and n3 are already waiting
            GatedEcho.GATE.countDown();
            Queues.await("5 inputs", WAIT, () -> host.stats("echo").inputs() == 5);
        }
        assertEquals(List.of("n1", "hold", "cancel n2", "n2", "n3"), notesOut());
    }

    @Test
    void aRestartAfterACrashResumesTheControlAndTheNormalInputsExactlyOnce() {
        writeNotes("orders", "n1", "n2");
        writeNotes("corrections", "c1");
        ServiceHost crashed = ServiceHost.start(gatedEcho());
        try {
            Queues.await("3 inputs", WAIT, () -> crashed.stats("echo").inputs() == 3);
            crashed.crash();
            writeNotes("orders", "n3");
            writeNotes("corrections", "c2");
            try (ServiceHost host = ServiceHost.start(gatedEcho())) {
                Queues.await("2 more inputs", WAIT, () -> host.stats("echo").inputs() == 2);
            }
        } finally {
            crashed.close();
        }
        assertEquals(List.of("c1", "n1", "n2", "c2", "n3"), notesOut());
    }

    @Test
    void aStateRebuildReplaysControlInputsInTheirOriginalPlace() {
        writeTicks("ticks", 1, 0, 3);
        writeTicks("urgent", 2, 0, 2);
        countTicks(); // ticks 1,2,3 and urgent 1,2 counted, then the host stops
        writeTicks("ticks", 1, 3, 4);
        writeTicks("urgent", 2, 2, 3);
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L), 2L, List.of(1L, 2L, 3L)), countTicks(),
                "the counts carry on from the state rebuilt from both queues");
    }

    /** Runs a tick counter reading ticks, with urgent as its control queue, until all are counted; the counts. */
    private Map<Long, List<Long>> countTicks() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("urgent", dir.resolve("urgent"))
                .queue("counts", dir.resolve("counts"))
                .service(ServiceConfig.of("counter", TickCounter.class, List.of("ticks"), "counts")
                        .withControl("urgent").withRebuild(StateRebuild.REPLAY_INPUTS))
                .build();
        long expected = Queues.count(dir.resolve("ticks")) + Queues.count(dir.resolve("urgent"));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("all counted", WAIT, () -> Queues.count(dir.resolve("counts")) == expected);
        }
        return Queues.tickValuesPerStream(dir.resolve("counts"));
    }

    private void writeNotes(String queue, String... texts) {
        try (ChronicleQueue q = Queues.open(dir.resolve(queue))) {
            NoteIn w = q.methodWriter(NoteIn.class);
            for (String t : texts)
                w.note(new Note().text(t));
        }
    }

    private void writeTicks(String queue, long stream, long from, long to) {
        try (ChronicleQueue q = Queues.open(dir.resolve(queue))) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (long i = from; i < to; i++)
                w.tick(t.set(stream, i, i));
        }
    }

    private List<String> notesOut() {
        List<String> texts = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (NoteOut) n -> texts.add(n.text));
        return texts;
    }
}
