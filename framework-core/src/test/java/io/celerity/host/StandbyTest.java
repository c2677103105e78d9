package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.StateRebuild;
import io.celerity.extension.OutputGate;
import io.celerity.fixtures.AvailableDeployment;
import io.celerity.fixtures.FakeExtension;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.SnapshottingCounter;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A service whose output is gated (a highly available service on its standby host): it writes nothing while the gate
 * is closed, keeps its state warm from the outputs the primary wrote, takes over after the last of them once the gate
 * opens, and stops its host once deposed. The gate is a stand-in extension's, which the test flips; the standby's
 * copy of the output is, on one machine, the primary's queue itself.
 */
class StandbyTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private volatile boolean open;
    private volatile boolean deposed;
    private final AtomicLong asked = new AtomicLong(); // how often the service asked its gate: one a pass

    private final OutputGate gate = new OutputGate() {
        @Override
        public State state(long nowNanos) {
            asked.incrementAndGet();
            return open ? State.OPEN : deposed ? State.DEPOSED : State.CLOSED;
        }

        @Override
        public String why(long nowNanos) {
            return open ? null : deposed ? "host b holds the lease with token 2" : "the lease is not held";
        }
    };

    @Test
    void aStandbyWritesNothingKeepsItsStateWarmAndTakesOverAfterTheLastOutput() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, services(StateRebuild.REPLAY_OUTPUTS));
        CelerityConfig all = CelerityConfig.load(yaml);
        SnapshottingCounter.resetCounters();
        open = true;
        try (ServiceHost primary = start(all.onHost("b"))) {
            tick(dir, 5);
            Queues.await("the primary's 5 answers", LIVENESS, () -> Queues.count(dir.resolve("out")) == 5);
        }

        open = false;
        SnapshottingCounter.resetCounters();
        try (ServiceHost standby = start(all.onHost("c"))) {
            Queues.await("the primary's 5 answers taken back", LIVENESS,
                    () -> SnapshottingCounter.OUTPUTS_TAKEN_BACK.get() == 5);
            tick(dir, 3);
            awaitPasses(1_000);
            assertEquals(5, Queues.count(dir.resolve("out")), "a standby writes nothing");
            assertEquals(0, SnapshottingCounter.TICKS_HANDLED.get(), "nor reads its inputs");

            open = true;
            Queues.await("the 3 inputs after the last answer, answered", LIVENESS,
                    () -> Queues.count(dir.resolve("out")) == 8);
            assertEquals(Map.of(0L, List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L)),
                    Queues.tickValuesPerStream(dir.resolve("out")), "counting on from the primary's state: warm");
            assertEquals(3, SnapshottingCounter.TICKS_HANDLED.get(), "none of the primary's inputs read again");
            assertTrue(standby.stopReason().isEmpty(), standby.stopReason().toString());

            open = false;
            deposed = true;
            tick(dir, 1);
            Queues.await("the host stopped", LIVENESS, () -> standby.stopReason().isPresent());
            String stopReason = standby.stopReason().get();
            assertTrue(stopReason.contains("counter") && stopReason.contains("host b holds the lease with token 2"),
                    stopReason);
            assertEquals(8, Queues.count(dir.resolve("out")), "a deposed primary writes nothing more");
        }
    }

    @Test
    void closingAHostThatStoppedItselfReturnsOnceItsOwnCloseIsDone() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, services(StateRebuild.REPLAY_OUTPUTS));
        Thread test = Thread.currentThread();
        AtomicBoolean ownCloseBegun = new AtomicBoolean();
        AtomicBoolean extensionClosed = new AtomicBoolean();
        // The host's own close holds on until this thread waits in its close: a caller that returned at once would
        // find the extension still open (and could delete the queues' files under the closing host, as CI once did).
        Runnable slowClose = () -> {
            ownCloseBegun.set(true);
            Queues.await("the test thread waiting in close()", LIVENESS, () -> test.getState() == Thread.State.WAITING);
            extensionClosed.set(true);
        };
        open = true;
        ServiceHost host = start(CelerityConfig.load(yaml).onHost("b"), new FakeExtension().gate("counter", gate)
                .onClose(slowClose));
        tick(dir, 1);
        Queues.await("the primary's answer", LIVENESS, () -> Queues.count(dir.resolve("out")) == 1);
        open = false;
        deposed = true;
        tick(dir, 1);
        Queues.await("the host's own close under way", LIVENESS, ownCloseBegun::get); // sleeps: not WAITING
        host.close();
        assertTrue(extensionClosed.get(), "close() returned before the host's own close was done");
        assertTrue(host.stopReason().isPresent(), "the host stopped itself");
    }

    @ParameterizedTest
    @EnumSource(value = StateRebuild.class, names = {"REPLAY_OUTPUTS", "REPLAY_INPUTS"})
    void aStandbyHoldingItsLeaseWaitsUntilItsInputCopyHoldsWhatTheLastOutputAnswers(StateRebuild rebuild)
            throws Exception {
        Path standbyHome = standbyAfterFiveAnswers(rebuild);
        try (ServiceHost standby = start(CelerityConfig.load(standbyHome.resolve("services.yaml")).onHost("c"))) {
            tick(standbyHome, 4); // the input's copy one short of what the last answer answers
            long since = System.nanoTime();
            awaitPasses(3); // it asked again and again, backed off past its 100 ms wait: it had every chance
            Queues.await("300 ms of passes", LIVENESS, () -> System.nanoTime() - since > 300_000_000L);
            awaitPasses(1);
            assertEquals(5, Queues.count(standbyHome.resolve("out")), "no takeover while the input copy is behind");
            assertEquals(rebuild == StateRebuild.REPLAY_INPUTS ? 4 : 0, SnapshottingCounter.TICKS_HANDLED.get(),
                    "inputs read only to take back the answers whose inputs are here");

            tick(standbyHome, 1); // the same 5 ticks at the same indexes, as the input's copy catches up
            tick(standbyHome, 2);
            Queues.await("the 2 inputs after the last answer, answered", LIVENESS,
                    () -> Queues.count(standbyHome.resolve("out")) == 7);
            tick(standbyHome, 1); // a sentinel: answered after anything answered twice would be
            Queues.await("the sentinel answered", LIVENESS, () -> Queues.count(standbyHome.resolve("out")) >= 8);
            assertEquals(Map.of(0L, List.of(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L)),
                    Queues.tickValuesPerStream(standbyHome.resolve("out")), "on from the primary's last answer, once");
            assertTrue(standby.stopReason().isEmpty(), standby.stopReason().toString());
        }
    }

    @Test
    void aStandbyWhoseInputCopyStaysBehindStopsItsHostAfterTheWriteFailureTimeout() throws Exception {
        Path standbyHome = standbyAfterFiveAnswers(StateRebuild.REPLAY_OUTPUTS);
        Path yaml = standbyHome.resolve("services.yaml");
        Files.writeString(yaml, "writeFailureTimeout: 1s\n" + Files.readString(yaml));
        try (ServiceHost standby = start(CelerityConfig.load(yaml).onHost("c"))) {
            Queues.await("the host stopped", LIVENESS, () -> standby.stopReason().isPresent());
            String stopReason = standby.stopReason().get();
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
        open = true;
        try (ServiceHost primary = start(CelerityConfig.load(primaryHome.resolve("services.yaml")).onHost("b"))) {
            tick(primaryHome, 5);
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
        return AvailableDeployment.of("counter", SnapshottingCounter.class).primaryAndStandby("b", "c")
                .serviceKeys("rebuildState: " + rebuild).yaml();
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator)
                Files.copy(f, to.resolve(from.relativize(f).toString()));
        }
    }

    /** One host's part, the counter's output gated by the test. */
    private ServiceHost start(CelerityConfig config) {
        return start(config, new FakeExtension().gate("counter", gate));
    }

    private static ServiceHost start(CelerityConfig config, FakeExtension extension) {
        return ServiceHost.start(config, HostOptions.defaults()
                .withTimestamps(id -> UniqueTimestamps.inMemory(id, SystemTimeProvider.INSTANCE))
                .withExtensions(extension));
    }

    // The service's loop made that many more passes, each asking the gate: it had its chances to act.
    private void awaitPasses(long passes) {
        long from = asked.get();
        Queues.await(passes + " more passes", LIVENESS, () -> asked.get() - from >= passes);
    }

    private static void tick(Path home, int n) {
        try (ChronicleQueue ticks = Queues.open(home.resolve("ticks"))) {
            TickIn in = ticks.methodWriter(TickIn.class);
            for (int i = 0; i < n; i++)
                in.tick(new Tick().set(0, i, 0));
        }
    }
}
