package io.celerity.host;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.AffinityProbe;
import io.celerity.fixtures.LimitedEcho;
import io.celerity.fixtures.Note;
import io.celerity.fixtures.NoteIn;
import io.celerity.fixtures.NoteOut;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Recorder;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServiceHostTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private CelerityConfig.Builder notesAndTicks(StartFrom startFrom) {
        return CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes", "ticks"), "out")
                        .withStartFrom(startFrom));
    }

    private static void writeNotes(Path queue, String... texts) {
        try (ChronicleQueue q = Queues.open(queue)) {
            NoteIn w = q.methodWriter(NoteIn.class);
            for (String t : texts)
                w.note(new Note().text(t));
        }
    }

    private static void writeTicks(Path queue, long stream, long from, long to) {
        try (ChronicleQueue q = Queues.open(queue)) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (long i = from; i < to; i++)
                w.tick(t.set(stream, i, i * 10));
        }
    }

    private List<Long> ticksOut() {
        List<Long> seqs = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (TickOut) t -> seqs.add(t.seq));
        return seqs;
    }

    private List<String> notesOut() {
        List<String> texts = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), (NoteOut) n -> texts.add(n.text));
        return texts;
    }

    @Test
    void everyOutputCarriesTheHistoryOfItsInput() {
        writeNotes(dir.resolve("notes"), "a", "b");
        CelerityConfig config = notesAndTicks(StartFrom.LAST_WRITTEN).build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("2 outputs", WAIT, () -> host.stats("recorder").outputs() == 2);
        }
        assertEquals(List.of("recorder:a", "recorder:b"), notesOut());
        List<VanillaMessageHistory> histories = Queues.histories(dir.resolve("out"));
        assertEquals(2, histories.size());
        int notesSourceId = config.queues().get("notes").sourceId();
        for (int i = 0; i < 2; i++) {
            VanillaMessageHistory h = histories.get(i);
            assertEquals(notesSourceId, h.lastSourceId(), h.toString());
            assertEquals(i, (int) h.lastSourceIndex() /* first cycle: low bits are the sequence */, h.toString());
            assertTrue(h.timings() >= 2, "read and write times: " + h);
            assertTrue(h.timing(h.timings() - 1) >= h.timing(h.timings() - 2), "write after read: " + h);
        }
    }

    @Test
    void restartResumesAfterTheLastInputThatProducedOutputOnEachQueue() throws InterruptedException {
        writeNotes(dir.resolve("notes"), "a", "b");
        writeTicks(dir.resolve("ticks"), 1, 0, 3);
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("5 outputs", WAIT, () -> host.stats("recorder").outputs() == 5);
        }
        writeNotes(dir.resolve("notes"), "c");
        writeTicks(dir.resolve("ticks"), 1, 3, 4);
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("2 more inputs", WAIT, () -> host.stats("recorder").inputs() == 2);
            // a sentinel behind the new input on each queue: once both are answered, an old input read again would
            // have been read before them
            writeNotes(dir.resolve("notes"), "d");
            writeTicks(dir.resolve("ticks"), 1, 4, 5);
            Queues.await("the sentinels answered", WAIT, () -> notesOut().contains("recorder:d")
                    && ticksOut().contains(4L));
            assertEquals(4, host.stats("recorder").inputs(), "only the new inputs are read");
            assertEquals(4, host.stats("recorder").outputs());
        }
        List<Long> seqs = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), new Both(notes, seqs));
        assertEquals(List.of("recorder:a", "recorder:b", "recorder:c", "recorder:d"), notes);
        assertEquals(List.of(0L, 1L, 2L, 3L, 4L), seqs);
    }

    /** Reads both output interfaces of {@link Recorder}. */
    private static final class Both implements NoteOut, TickOut {
        final List<String> notes;
        final List<Long> seqs;

        Both(List<String> notes, List<Long> seqs) {
            this.notes = notes;
            this.seqs = seqs;
        }

        @Override
        public void noted(Note note) {
            notes.add(note.text);
        }

        @Override
        public void echoed(Tick tick) {
            seqs.add(tick.seq);
        }
    }

    @Test
    void anInputThatProducedNoOutputIsReplayedUnlessAcknowledged() {
        writeNotes(dir.resolve("notes"), "a", "ack", "quiet");
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("3 inputs", WAIT, () -> host.stats("recorder").inputs() == 3);
            assertEquals(2, host.stats("recorder").outputs(), "the echo and the acknowledgement");
        }
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("the replayed input", WAIT, () -> host.stats("recorder").inputs() == 1);
            // a sentinel behind it: once answered, 'ack' read again would have been read before it
            writeNotes(dir.resolve("notes"), "z");
            Queues.await("the sentinel answered", WAIT, () -> notesOut().contains("recorder:z"));
            assertEquals(2, host.stats("recorder").inputs(), "'quiet' replayed, 'ack' not");
        }
        assertEquals(List.of("recorder:a", "recorder:z"), notesOut(), "an acknowledgement is history only");
    }

    @Test
    void startAndEndPolicies() {
        writeNotes(dir.resolve("notes"), "a");
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("1 output", WAIT, () -> host.stats("recorder").outputs() == 1);
        }
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.START).build())) {
            Queues.await("replay from the start", WAIT, () -> host.stats("recorder").outputs() == 1);
        }
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.END).build())) {
            writeNotes(dir.resolve("notes"), "b");
            Queues.await("only the new input", WAIT, () -> host.stats("recorder").inputs() == 1);
        }
        assertEquals(List.of("recorder:a", "recorder:a", "recorder:b"), notesOut());
    }

    @Test
    void aThrowingHandlerOrAnUnknownEventIsCountedAndTheLoopCarriesOn() {
        writeNotes(dir.resolve("notes"), "boom", "a");
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            q.methodWriter(Unknown.class).somethingElse(new Note().text("x"));
        }
        writeNotes(dir.resolve("notes"), "b");
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("4 inputs", WAIT, () -> host.stats("recorder").inputs() == 4);
            assertEquals(1, host.stats("recorder").handlerErrors());
            assertEquals(1, host.stats("recorder").badMessages());
        }
        assertEquals(List.of("recorder:a", "recorder:b"), notesOut());
    }

    @Test
    void aFailedInputIsNotReplayedAfterARestart() throws InterruptedException {
        writeNotes(dir.resolve("notes"), "boom");
        assertNotReplayed();
    }

    @Test
    void anUnknownEventIsNotReplayedAfterARestart() throws InterruptedException {
        try (ChronicleQueue q = Queues.open(dir.resolve("notes"))) {
            q.methodWriter(Unknown.class).somethingElse(new Note().text("x"));
        }
        assertNotReplayed();
    }

    private void assertNotReplayed() throws InterruptedException {
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("1 input", WAIT, () -> host.stats("recorder").inputs() == 1);
        }
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            // a sentinel behind it: once answered, the earlier input read again would have been read before it
            writeNotes(dir.resolve("notes"), "z");
            Queues.await("the sentinel answered", WAIT, () -> notesOut().contains("recorder:z"));
            assertEquals(1, host.stats("recorder").inputs(), "the input is not read again");
        }
        assertEquals(List.of("recorder:z"), notesOut());
        assertEquals(2, Queues.histories(dir.resolve("out")).size(), "one acknowledgement, then the sentinel's answer");
        assertEquals(QueueConfig.defaultSourceId("notes"), Queues.histories(dir.resolve("out")).get(0).lastSourceId());
    }

    interface Unknown {
        void somethingElse(Note note);
    }

    @Test
    void allOutputsOfOneInputFormOneDocument() {
        writeNotes(dir.resolve("notes"), "twice", "a");
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("2 inputs", WAIT, () -> host.stats("recorder").inputs() == 2);
        }
        assertEquals(2, Queues.count(dir.resolve("out")), "one document per input");
        assertEquals(List.of("first", "second", "recorder:a"), notesOut());
    }

    @Test
    void inputsAreReadRoundRobin() {
        writeNotes(dir.resolve("notes"), "a", "b", "c");
        writeTicks(dir.resolve("ticks"), 1, 0, 3);
        try (ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build())) {
            Queues.await("6 outputs", WAIT, () -> host.stats("recorder").outputs() == 6);
        }
        List<String> order = new ArrayList<>();
        Queues.readAll(dir.resolve("out"), new NoteAndTickOrder(order));
        assertEquals(List.of("note", "tick", "note", "tick", "note", "tick"), order);
    }

    private static final class NoteAndTickOrder implements NoteOut, TickOut {
        final List<String> order;

        NoteAndTickOrder(List<String> order) {
            this.order = order;
        }

        @Override
        public void noted(Note note) {
            order.add("note");
        }

        @Override
        public void echoed(Tick tick) {
            order.add("tick");
        }
    }

    @Test
    void timerEventsArriveOnTheServiceThreadWithTheConfiguredClock() {
        Recorder.TIMER_THREADS.clear();
        SetTimeProvider clock = new SetTimeProvider(1_000_000_000L);
        CelerityConfig config = CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("out", dir.resolve("out"))
                .eventLoop(new EventLoopConfig("timers", PauserType.SLEEPY, Affinity.NONE))
                .service(ServiceConfig.of("recorder", Recorder.class, List.of("notes"), "out")
                        .withEventLoop("timers").withTimer("onTimer", Duration.ofMillis(5)))
                .build();
        try (ServiceHost host = ServiceHost.start(config, HostOptions.defaults().withClock(clock))) {
            Queues.await("3 ticks", WAIT, () -> host.stats("recorder").timerTicks() >= 3);
        }
        assertTrue(Recorder.TIMER_THREADS.stream().allMatch("celerity-timers"::equals), Recorder.TIMER_THREADS.toString());
        assertTrue(notesOut().stream().allMatch(t -> t.equals("timer@1000000000")), notesOut().toString());
    }

    @Test
    void servicesSharingALoopRunOnOneThreadAndSettingsReachTheComponent() {
        writeTicks(dir.resolve("ticks"), 1, 0, 5);
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("echoed", dir.resolve("echoed"))
                .queue("limited", dir.resolve("limited"))
                .eventLoop(new EventLoopConfig("shared", PauserType.YIELDING, Affinity.NONE))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "echoed").withEventLoop("shared"))
                .service(ServiceConfig.of("limited", LimitedEcho.class, List.of("echoed"), "limited")
                        .withEventLoop("shared").withSettings(Map.of("maxValue", 20, "label", "x")))
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("all read", WAIT, () -> host.stats("limited").inputs() == 5);
            assertEquals(5, host.stats("echo").outputs());
            assertEquals(3, host.stats("limited").outputs(), "values 0, 10 and 20 pass the limit");
        }
        List<VanillaMessageHistory> h = Queues.histories(dir.resolve("limited"));
        assertEquals(3, h.size());
        assertEquals(2, h.get(0).sources(), "two hops: ticks then echoed");
        assertEquals(config.queues().get("ticks").sourceId(), h.get(0).sourceId(0));
        assertEquals(config.queues().get("echoed").sourceId(), h.get(0).sourceId(1));
    }

    @Test
    void aHostCrashedAfterEveryInputLosesAndRepeatsNothing() {
        CelerityConfig config = notesAndTicks(StartFrom.LAST_WRITTEN).build();
        List<ServiceHost> crashed = new ArrayList<>();
        try {
            for (int i = 0; i < 5; i++) {
                ServiceHost host = ServiceHost.start(config);
                writeNotes(dir.resolve("notes"), "n" + i);
                Queues.await("note " + i, WAIT, () -> host.stats("recorder").inputs() == 1);
                host.crash();
                crashed.add(host);
            }
        } finally {
            crashed.forEach(ServiceHost::close);
        }
        assertEquals(List.of("recorder:n0", "recorder:n1", "recorder:n2", "recorder:n3", "recorder:n4"), notesOut());
    }

    @Test
    void aLoopWithAffinityRunsOnItsCpu() {
        writeNotes(dir.resolve("notes"), "where");
        String lastCpu = String.valueOf(Runtime.getRuntime().availableProcessors() - 1);
        CelerityConfig config = CelerityConfig.builder()
                .queue("notes", dir.resolve("notes"))
                .queue("out", dir.resolve("out"))
                .eventLoop(new EventLoopConfig("pinned", PauserType.BALANCED, Affinity.parse(lastCpu)))
                .service(ServiceConfig.of("probe", AffinityProbe.class, List.of("notes"), "out").withEventLoop("pinned"))
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("1 input", WAIT, () -> host.stats("probe").inputs() == 1);
        }
        assertEquals(List.of("{" + lastCpu + "}"), notesOut());
    }

    @Test
    void replayingInputsRebuildsStateBeforeResuming() {
        writeTicks(dir.resolve("ticks"), 1, 0, 3);
        writeTicks(dir.resolve("more"), 2, 0, 2);
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L), 2L, List.of(1L, 2L)), countsAfterRestart(StateRebuild.NONE, 0));
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L), 2L, List.of(1L, 2L, 3L)),
                countsAfterRestart(StateRebuild.REPLAY_INPUTS, 2),
                "after the restart the counts go on from the rebuilt state; nothing replayed is emitted again");
    }

    @Test
    void withoutRebuildAStatefulServiceForgetsOnRestart() {
        writeTicks(dir.resolve("ticks"), 1, 0, 3);
        writeTicks(dir.resolve("more"), 2, 0, 2);
        countsAfterRestart(StateRebuild.NONE, 0);
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 1L, 2L), 2L, List.of(1L, 2L, 1L)),
                countsAfterRestart(StateRebuild.NONE, 2), "this is what REPLAY_INPUTS is for");
    }

    /** Runs a tick counter over ticks (stream 1) and more (stream 2); the counts it emitted, per stream. */
    private Map<Long, List<Long>> countsAfterRestart(StateRebuild rebuild, int thenAddPerQueue) {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("more", dir.resolve("more"))
                .queue("counts", dir.resolve("counts"))
                .service(ServiceConfig.of("counter", TickCounter.class, List.of("ticks", "more"), "counts")
                        .withRebuild(rebuild))
                .build();
        if (thenAddPerQueue > 0) {
            writeTicks(dir.resolve("ticks"), 1, 3, 3 + thenAddPerQueue);
            writeTicks(dir.resolve("more"), 2, 2, 2 + thenAddPerQueue - 1);
        }
        long expected = Queues.count(dir.resolve("ticks")) + Queues.count(dir.resolve("more"));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("all counted", WAIT, () -> Queues.count(dir.resolve("counts")) == expected);
        }
        return Queues.tickValuesPerStream(dir.resolve("counts"));
    }

    @Test
    void closeIsIdempotent() {
        ServiceHost host = ServiceHost.start(notesAndTicks(StartFrom.LAST_WRITTEN).build());
        host.close();
        host.close();
        assertEquals(0, host.stats("recorder").inputs());
    }

    @Test
    void queueSourceIdsAreStable() {
        assertEquals(QueueConfig.defaultSourceId("orders"), QueueConfig.of("orders", dir).sourceId());
    }

    @Test
    void aDeploymentOverSeveralHostsRunsWholeInOneProcessWithoutAHost() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        java.nio.file.Files.writeString(yaml, "hosts:\n  a: { address: 192.0.2.1, port: 40100 }\n"
                + "  b: { address: 192.0.2.2, port: 40100 }\n"
                + "queues:\n  in: { path: in, host: a, replicas: [ b ] }\n  out: { path: out, host: b }\n"
                + "services:\n  echo: { implClass: " + TickEcho.class.getName() + ", inputs: [ in ], output: out }\n");
        try (ChronicleQueue in = Queues.open(dir.resolve("in"))) {
            in.methodWriter(TickIn.class).tick(new Tick().set(1, 0, 7));
        }
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml))) { // no host: nothing is copied
            Queues.await("echoed", WAIT, () -> host.stats("echo").outputs() == 1);
        }
        assertEquals(1, Queues.count(dir.resolve("out")));
    }
}
