package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SnapshotConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.CounterState;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.snapshot.SnapshotEnded;
import io.celerity.snapshot.SnapshotMarks;
import io.celerity.snapshot.SnapshotStarted;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.Wires;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Snapshots written as events to a queue of their own, and restarts from the newest one plus what came after it. */
class SnapshotTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    @BeforeEach
    void resetCounters() {
        SnapshottingCounter.resetCounters();
    }

    private CelerityConfig config(StateRebuild rebuild, SnapshotConfig snapshot) {
        ServiceConfig counter = ServiceConfig.of("counter", SnapshottingCounter.class, List.of("ticks"), "counts")
                .withRebuild(rebuild);
        return CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("counts", dir.resolve("counts"))
                .queue("snapshots", dir.resolve("snapshots"))
                .service(snapshot == null ? counter : counter.withSnapshot(snapshot))
                .build();
    }

    private static SnapshotConfig everyInputs(long n) {
        return new SnapshotConfig("snapshots", "writeCounts", n, null);
    }

    private void writeTicks(long stream, long from, long to) {
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (long i = from; i < to; i++)
                w.tick(t.set(stream, i, 0));
        }
    }

    /** Runs the counter until it has answered every tick; returns the counts it emitted, per stream. */
    private Map<Long, List<Long>> run(CelerityConfig config) {
        long expected = Queues.count(dir.resolve("ticks"));
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("all counted", WAIT, () -> host.stats("counter").inputs() == host.stats("counter").outputs()
                    && Queues.count(dir.resolve("counts")) == expected);
        }
        return Queues.tickValuesPerStream(dir.resolve("counts"));
    }

    private boolean newestSnapshotCovers(long outputIndex) {
        List<SnapshotStarted> taken = snapshotsTaken();
        return !taken.isEmpty() && taken.get(taken.size() - 1).outputIndex() == outputIndex;
    }

    private long lastOutputIndex() {
        try (ChronicleQueue counts = Queues.open(dir.resolve("counts"))) {
            return counts.lastIndex();
        }
    }

    private List<SnapshotStarted> snapshotsTaken() {
        List<SnapshotStarted> started = new ArrayList<>();
        SnapshotMarks marks = new SnapshotMarks() {
            @Override
            public void snapshotStarted(SnapshotStarted s) {
                started.add(s.deepCopy());
            }

            @Override
            public void snapshotEnded(SnapshotEnded ended) {
            }
        };
        try (ChronicleQueue q = Queues.open(dir.resolve("snapshots")); ExcerptTailer t = q.createTailer()) {
            MethodReader reader = t.methodReaderBuilder().defaultParselet((event, in) -> in.skipValue()).build(marks);
            while (reader.readOne()) {
                // state events are skipped
            }
        }
        return started;
    }

    @ParameterizedTest
    @EnumSource(value = StateRebuild.class, names = {"REPLAY_INPUTS", "REPLAY_OUTPUTS"})
    void aRestartLoadsTheNewestSnapshotAndReplaysOnlyWhatCameAfterIt(StateRebuild rebuild) {
        writeTicks(1, 0, 7);
        writeTicks(2, 0, 3);
        run(config(rebuild, everyInputs(4)));
        assertEquals(2, snapshotsTaken().size(), "after the 4th and the 8th of 10 inputs");

        writeTicks(1, 7, 9);
        SnapshottingCounter.resetCounters();
        Map<Long, List<Long>> counts = run(config(rebuild, everyInputs(4)));

        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L), 2L, List.of(1L, 2L, 3L)), counts,
                "counting goes on from the rebuilt state; nothing is emitted twice");
        assertEquals(2, SnapshottingCounter.STATE_EVENTS_RESTORED.get(), "the newest snapshot: one event per stream");
        if (rebuild == StateRebuild.REPLAY_OUTPUTS) {
            assertEquals(2, SnapshottingCounter.OUTPUTS_TAKEN_BACK.get(), "only the 9th and 10th outputs");
            assertEquals(2, SnapshottingCounter.TICKS_HANDLED.get(), "only the two new ticks");
        } else {
            assertEquals(0, SnapshottingCounter.OUTPUTS_TAKEN_BACK.get());
            assertEquals(2 + 2, SnapshottingCounter.TICKS_HANDLED.get(), "the 9th and 10th replayed, the new two");
        }
    }

    @Test
    void replayingOutputsWithoutSnapshotsTakesBackEveryOutput() {
        writeTicks(1, 0, 5);
        run(config(StateRebuild.REPLAY_OUTPUTS, null));
        writeTicks(1, 5, 6);
        SnapshottingCounter.resetCounters();

        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L, 6L)), run(config(StateRebuild.REPLAY_OUTPUTS, null)));
        assertEquals(5, SnapshottingCounter.OUTPUTS_TAKEN_BACK.get());
        assertEquals(1, SnapshottingCounter.TICKS_HANDLED.get(), "no input replayed");
    }

    @Test
    void aSnapshotMethodThatOverflowsItsStackIsAbandonedAndTheServiceGoesOn() {
        writeTicks(1, 0, 4);
        SnapshotConfig overflowing = new SnapshotConfig("snapshots", "writeCountsForever", 2, null);
        long snapshots;
        try (ServiceHost host = ServiceHost.start(config(StateRebuild.REPLAY_INPUTS, overflowing))) {
            Queues.await("all counted", WAIT, () -> host.stats("counter").outputs() == 4);
            snapshots = host.stats("counter").snapshots();
        }
        assertEquals(0, snapshots, "both snapshots abandoned");
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L)), Queues.tickValuesPerStream(dir.resolve("counts")));

        writeTicks(1, 4, 5);
        SnapshottingCounter.resetCounters();
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L)), run(config(StateRebuild.REPLAY_INPUTS, everyInputs(4))),
                "rebuilt from the inputs: the abandoned snapshots are passed over");
        assertEquals(0, SnapshottingCounter.STATE_EVENTS_RESTORED.get());
    }

    @Test
    void aSnapshotCutShortByACrashIsPassedOver() {
        writeTicks(1, 0, 4);
        run(config(StateRebuild.REPLAY_INPUTS, everyInputs(4)));
        try (ChronicleQueue q = Queues.open(dir.resolve("snapshots"))) { // as a crash mid-snapshot leaves it
            q.methodWriter(SnapshotMarks.class).snapshotStarted(new SnapshotStarted().set("counter", 0, -1));
            q.methodWriter(CounterState.class).counted(new Tick().set(1, 0, 1_000));
        }
        writeTicks(1, 4, 5);
        SnapshottingCounter.resetCounters();

        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L)), run(config(StateRebuild.REPLAY_INPUTS, everyInputs(4))));
        assertEquals(1, SnapshottingCounter.STATE_EVENTS_RESTORED.get(), "the complete snapshot, not the torn one");
    }

    @Test
    void cycleFilesLeftIncompleteByAKilledWriterAreMovedAsideAtTheRestart() throws IOException {
        writeTicks(1, 0, 5);
        run(config(StateRebuild.REPLAY_OUTPUTS, everyInputs(4)));
        // as a host killed while it created a new cycle file of each queue it writes leaves them
        Path snapshot = Queues.incompleteCycleFile(dir.resolve("snapshots"), Wires.NOT_COMPLETE);
        Path output = Queues.incompleteCycleFile(dir.resolve("counts"), 0);
        writeTicks(1, 5, 6);
        SnapshottingCounter.resetCounters();

        assertEquals(Map.of(1L, List.of(1L, 2L, 3L, 4L, 5L, 6L)), run(config(StateRebuild.REPLAY_OUTPUTS,
                everyInputs(4))));
        assertEquals(1, SnapshottingCounter.STATE_EVENTS_RESTORED.get(), "the snapshot before the incomplete file");
        assertEquals(1, SnapshottingCounter.OUTPUTS_TAKEN_BACK.get(), "only the 5th output, after that snapshot");
        for (Path incomplete : List.of(snapshot, output))
            try (var files = Files.list(incomplete.getParent())) {
                assertEquals(1, files.filter(f -> f.getFileName().toString()
                        .matches(incomplete.getFileName() + "-\\d+\\.discard")).count(), "moved aside: " + incomplete);
            }
    }

    @Test
    void aPeriodicSnapshotIsTakenOnlyWhenInputsCame() throws InterruptedException {
        writeTicks(1, 0, 3);
        CelerityConfig config = config(StateRebuild.REPLAY_INPUTS, new SnapshotConfig("snapshots", "writeCounts", 0,
                Duration.ofMillis(50)));
        try (ServiceHost host = ServiceHost.start(config)) {
            // a loaded machine may pause the loop between inputs past a period: the first snapshot may cover fewer
            Queues.await("a snapshot of every output", WAIT, () -> host.stats("counter").outputs() == 3
                    && newestSnapshotCovers(lastOutputIndex()));
            Thread.sleep(300); // time must pass: six periods more, the last inputs long gone
            // a sentinel input after them: its snapshot shows the periodic check ran on past the quiet periods
            writeTicks(1, 3, 4);
            Queues.await("a snapshot of the sentinel's output", WAIT, () -> host.stats("counter").outputs() == 4
                    && newestSnapshotCovers(lastOutputIndex()));
        }
        List<SnapshotStarted> taken = snapshotsTaken();
        assertEquals(lastOutputIndex(), taken.get(taken.size() - 1).outputIndex(), "the newest covers every output");
        assertEquals(taken.size(), taken.stream().mapToLong(SnapshotStarted::outputIndex).distinct().count(),
                "no snapshot without new inputs since the one before: " + taken);
    }

    @Test
    void stateEventsOnAnInputAreRefusedAsBadMessages() {
        writeTicks(1, 0, 2);
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            q.methodWriter(CounterState.class).counted(new Tick().set(1, 0, 1_000)); // would reset the count
            q.methodWriter(io.celerity.fixtures.TickOut.class).echoed(new Tick().set(1, 0, 2_000)); // so would this
        }
        writeTicks(1, 2, 3);
        try (ServiceHost host = ServiceHost.start(config(StateRebuild.REPLAY_OUTPUTS, everyInputs(100)))) {
            Queues.await("all read", WAIT, () -> host.stats("counter").inputs() == 5);
            assertEquals(2, host.stats("counter").badMessages());
        }
        assertEquals(Map.of(1L, List.of(1L, 2L, 3L)), Queues.tickValuesPerStream(dir.resolve("counts")));
        assertEquals(0, SnapshottingCounter.STATE_EVENTS_RESTORED.get() + SnapshottingCounter.OUTPUTS_TAKEN_BACK.get());
    }
}
