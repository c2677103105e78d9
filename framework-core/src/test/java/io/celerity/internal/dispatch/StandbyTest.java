package io.celerity.internal.dispatch;

import io.celerity.config.CelerityConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.host.HandlerErrorListener;
import io.celerity.internal.loop.EventLoopThread;
import io.celerity.internal.operations.HostQueues;
import io.celerity.internal.replication.Primacy;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A highly available service on its standby host: it writes nothing while the host does not hold its lease, keeps
 * its state warm from the outputs the primary wrote, takes over after the last of them once the lease is held, and
 * stops its host once another host has taken over from it. The lease is a stand-in the test flips; the standby's copy
 * of the output is, on one machine, the primary's queue itself.
 */
class StandbyTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private volatile boolean holds;
    private volatile boolean deposed;
    private volatile String stopReason;

    private final Primacy lease = new Primacy() {
        @Override
        public boolean holds(long nowNanos) {
            return holds;
        }

        @Override
        public boolean deposed() {
            return deposed;
        }

        @Override
        public long token() {
            return deposed ? 1 : 2;
        }

        @Override
        public String why(long nowNanos) {
            return holds ? null : deposed ? "host b holds the lease with token 2" : "the lease is not held";
        }
    };

    @Test
    void aStandbyWritesNothingKeepsItsStateWarmAndTakesOverAfterTheLastOutput() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, services(StateRebuild.REPLAY_OUTPUTS));
        CelerityConfig all = CelerityConfig.load(yaml);
        SnapshottingCounter.resetCounters();
        holds = true;
        try (Running primary = new Running(all.onHost("b"), Duration.ofMinutes(10))) {
            primary.tick(5);
            Queues.await("the primary's 5 answers", LIVENESS, () -> Queues.count(dir.resolve("out")) == 5);
        }

        holds = false;
        SnapshottingCounter.resetCounters();
        try (Running standby = new Running(all.onHost("c"), Duration.ofMinutes(10))) {
            Queues.await("the primary's 5 answers taken back", LIVENESS,
                    () -> SnapshottingCounter.OUTPUTS_TAKEN_BACK.get() == 5);
            standby.tick(3);
            Thread.sleep(300);
            assertEquals(5, Queues.count(dir.resolve("out")), "a standby writes nothing");
            assertEquals(0, SnapshottingCounter.TICKS_HANDLED.get(), "nor reads its inputs");

            holds = true;
            Queues.await("the 3 inputs after the last answer, answered", LIVENESS,
                    () -> Queues.count(dir.resolve("out")) == 8);
            assertEquals(Map.of(0L, List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L)),
                    Queues.tickValuesPerStream(dir.resolve("out")), "counting on from the primary's state: warm");
            assertEquals(3, SnapshottingCounter.TICKS_HANDLED.get(), "none of the primary's inputs read again");
            assertNull(stopReason);

            holds = false;
            deposed = true;
            standby.tick(1);
            Queues.await("the host stopped", LIVENESS, () -> stopReason != null);
            assertTrue(stopReason.contains("counter") && stopReason.contains("host b holds the lease with token 2"),
                    stopReason);
            assertEquals(8, Queues.count(dir.resolve("out")), "a deposed primary writes nothing more");
        }
    }

    @ParameterizedTest
    @EnumSource(value = StateRebuild.class, names = {"REPLAY_OUTPUTS", "REPLAY_INPUTS"})
    void aStandbyHoldingItsLeaseWaitsUntilItsInputCopyHoldsWhatTheLastOutputAnswers(StateRebuild rebuild)
            throws Exception {
        Path standbyHome = standbyAfterFiveAnswers(rebuild);
        try (Running standby = new Running(CelerityConfig.load(standbyHome.resolve("services.yaml")).onHost("c"),
                Duration.ofMinutes(10))) {
            standby.tick(4); // the input's copy one short of what the last answer answers
            Thread.sleep(300);
            assertEquals(5, Queues.count(standbyHome.resolve("out")), "no takeover while the input copy is behind");
            assertEquals(rebuild == StateRebuild.REPLAY_INPUTS ? 4 : 0, SnapshottingCounter.TICKS_HANDLED.get(),
                    "inputs read only to take back the answers whose inputs are here");

            standby.tick(1); // the same 5 ticks at the same indexes, as the input's copy catches up
            standby.tick(2);
            Queues.await("the 2 inputs after the last answer, answered", LIVENESS,
                    () -> Queues.count(standbyHome.resolve("out")) == 7);
            Thread.sleep(300);
            assertEquals(Map.of(0L, List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L)),
                    Queues.tickValuesPerStream(standbyHome.resolve("out")), "on from the primary's last answer, once");
            assertNull(stopReason);
        }
    }

    @Test
    void aStandbyWhoseInputCopyStaysBehindStopsItsHostAfterTheWriteFailureTimeout() throws Exception {
        Path standbyHome = standbyAfterFiveAnswers(StateRebuild.REPLAY_OUTPUTS);
        try (Running standby = new Running(CelerityConfig.load(standbyHome.resolve("services.yaml")).onHost("c"),
                Duration.ofSeconds(1))) {
            Queues.await("the host stopped", LIVENESS, () -> stopReason != null);
            assertTrue(stopReason.contains("counter") && stopReason.contains("input 'ticks' does not yet hold"),
                    stopReason); // so its lease runs out, and another candidate may take over
            assertEquals(5, Queues.count(standbyHome.resolve("out")), "it wrote nothing");
        }
    }

    /**
     * Host b, holding the lease, answers 5 ticks; returns host c's home holding a copy of those answers and no copy of
     * their inputs yet. The lease stays held: c takes over as soon as it may.
     */
    private Path standbyAfterFiveAnswers(StateRebuild rebuild) throws Exception {
        String yaml = services(rebuild);
        Path primaryHome = Files.createDirectories(dir.resolve("b"));
        Files.writeString(primaryHome.resolve("services.yaml"), yaml);
        holds = true;
        try (Running primary = new Running(CelerityConfig.load(primaryHome.resolve("services.yaml")).onHost("b"),
                Duration.ofMinutes(10))) {
            primary.tick(5);
            Queues.await("the primary's 5 answers", LIVENESS, () -> Queues.count(primaryHome.resolve("out")) == 5);
        }
        Path standbyHome = Files.createDirectories(dir.resolve("c"));
        Files.writeString(standbyHome.resolve("services.yaml"), yaml);
        copy(primaryHome.resolve("out"), standbyHome.resolve("out"));
        SnapshottingCounter.resetCounters();
        return standbyHome;
    }

    /** The counter highly available: its primary b, its standby c. */
    private static String services(StateRebuild rebuild) {
        return """
                hosts:
                  a: { address: 127.0.0.1, port: 40100 }
                  b: { address: 127.0.0.2, port: 40100 }
                  c: { address: 127.0.0.3, port: 40100 }
                cluster: { members: [ a, b, c ] }
                queues:
                  ticks: { path: ticks, host: a, replicas: [ b, c ] }
                  out: { path: out, host: b, replicas: [ a, c ] }
                services:
                  counter: { implClass: %s, inputs: [ ticks ], output: out, rebuildState: %s, standby: c }
                """.formatted(SnapshottingCounter.class.getName(), rebuild);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator)
                Files.copy(f, to.resolve(from.relativize(f).toString()));
        }
    }

    /** One host's part, its service on a loop of its own. */
    private final class Running implements AutoCloseable {

        private final HostQueues queues;
        private final UniqueTimestamps timestamps = UniqueTimestamps.inMemory(1, SystemTimeProvider.INSTANCE);
        private final EventLoopThread loop;

        Running(CelerityConfig config, Duration writeFailureTimeout) {
            queues = new HostQueues(config, SystemTimeProvider.CLOCK);
            ServiceRunner runner = new ServiceRunner(ServicePlan.of(config, config.services().get("counter"),
                    queues::get, SystemTimeProvider.INSTANCE, timestamps, HandlerErrorListener.NONE, q -> null,
                    s -> lease));
            loop = new EventLoopThread(config.eventLoops().values().iterator().next(), List.of(runner),
                    writeFailureTimeout, reason -> stopReason = reason);
            loop.start();
        }

        void tick(int n) {
            TickIn in = queues.get("ticks").methodWriter(TickIn.class);
            for (int i = 0; i < n; i++)
                in.tick(new Tick().set(0, i, 0));
        }

        @Override
        public void close() {
            loop.close();
            queues.close();
            timestamps.close();
        }
    }
}
