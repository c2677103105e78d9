package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.extension.OutputGate;
import io.celerity.fixtures.AvailableDeployment;
import io.celerity.fixtures.FakeExtension;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickWatcher;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A component with no output interface gets an output document only to acknowledge an input, after its handler: its
 * acknowledged and failed inputs are not read again after a restart, its quiet ones are, and an acknowledgement that
 * cannot be written yet waits, with nothing more read, rather than have its input handled twice.
 */
class ComponentThatWritesNothingTest {

    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private CelerityConfig config;

    @BeforeEach
    void configure() {
        TickWatcher.READ.clear();
        config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .service(ServiceConfig.of("watcher", TickWatcher.class, List.of("ticks"), "out"))
                .build();
    }

    @Test
    void leavesADocumentOnlyForAnInputAcknowledgedOrFailed() {
        writeTicks(TickWatcher.ACK, 0, TickWatcher.BOOM, 0); // sequence numbers 1 to 4
        try (ServiceHost host = ServiceHost.start(config)) {
            Queues.await("4 inputs", WAIT, () -> host.stats("watcher").inputs() == 4);
            assertEquals(2, host.stats("watcher").outputs(), "the acknowledgement and the failed input's");
            assertEquals(1, host.stats("watcher").handlerErrors());
        }
        assertAcknowledged(0, 2); // the first and the third
        TickWatcher.READ.clear();
        try (ServiceHost host = ServiceHost.start(config)) {
            // a sentinel behind the replayed input: once read, an acknowledged input read again was read before it
            writeTicks(0);
            Queues.await("the sentinel read", WAIT, () -> TickWatcher.READ.contains(5L));
            assertEquals(List.of(4L, 5L), TickWatcher.READ, "only what followed the last acknowledged input");
        }
    }

    @Test
    void anAcknowledgementThatCannotBeWrittenYetWaitsAndNothingMoreIsRead() throws IOException {
        AtomicLong asked = new AtomicLong(); // one a pass: how often the service had its chance to read on
        boolean[] released = {false};
        // open until the watcher has read the first tick, then closed, so its acknowledgement cannot be written yet
        OutputGate gate = gate(asked, () -> TickWatcher.READ.contains(1L) && !released[0] ? OutputGate.State.CLOSED
                : OutputGate.State.OPEN);
        writeTicks(TickWatcher.ACK);
        try (ServiceHost host = startGated(gate)) {
            Queues.await("the first tick read", WAIT, () -> TickWatcher.READ.contains(1L));
            writeTicks(0);
            long from = asked.get();
            Queues.await("100 more passes", WAIT, () -> asked.get() - from >= 100);
            assertEquals(List.of(1L), TickWatcher.READ, "nothing read while the acknowledgement waits");
            assertEquals(0, host.stats("watcher").outputs());

            released[0] = true;
            Queues.await("the second tick read", WAIT, () -> TickWatcher.READ.contains(2L));
            assertEquals(List.of(1L, 2L), TickWatcher.READ, "the first handled once");
            assertEquals(1, host.stats("watcher").outputs());
        }
        assertAcknowledged(0);
    }

    @Test
    void aGateThatFailsBeforeAnInputLeavesItToBeReadAgain() throws IOException {
        AtomicBoolean failed = new AtomicBoolean();
        OutputGate gate = gate(new AtomicLong(), () -> {
            if (TickWatcher.READ.size() == 1 && failed.compareAndSet(false, true))
                throw new IllegalStateException("the gate failed, as asked"); // once, as the second tick is read
            return OutputGate.State.OPEN;
        });
        writeTicks(0, 0, 0);
        try (ServiceHost host = startGated(gate)) {
            Queues.await("3 inputs", WAIT, () -> host.stats("watcher").inputs() == 3);
            assertTrue(failed.get());
            assertEquals(List.of(1L, 2L, 3L), TickWatcher.READ, "none passed over");
        }
    }

    // The watcher as a highly available service on its primary, b, its output gated by the test.
    private ServiceHost startGated(OutputGate gate) throws IOException {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, AvailableDeployment.of("watcher", TickWatcher.class).primaryAndStandby("b", "c").yaml());
        return ServiceHost.start(CelerityConfig.load(yaml).onHost("b"),
                HostOptions.defaults().withExtensions(new FakeExtension().gate("watcher", gate)));
    }

    private static OutputGate gate(AtomicLong asked, Supplier<OutputGate.State> state) {
        return new OutputGate() {
            @Override
            public State state(long nowNanos) {
                asked.incrementAndGet();
                return state.get();
            }

            @Override
            public String why(long nowNanos) {
                return "the test holds it closed";
            }
        };
    }

    private long written;

    // One tick per value, numbered on from the last written.
    private void writeTicks(long... values) {
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            TickIn w = q.methodWriter(TickIn.class);
            for (long v : values)
                w.tick(new Tick().set(1, ++written, v));
        }
    }

    // The output holds history only, one document per input index given (first cycle: low bits are the sequence).
    private void assertAcknowledged(int... indexes) {
        List<VanillaMessageHistory> histories = Queues.histories(dir.resolve("out"));
        assertEquals(indexes.length, histories.size(), "history only: " + histories);
        int ticksSourceId = config.queues().get("ticks").sourceId();
        for (int i = 0; i < indexes.length; i++) {
            VanillaMessageHistory h = histories.get(i);
            assertEquals(ticksSourceId, h.lastSourceId(), h.toString());
            assertEquals(indexes[i], (int) h.lastSourceIndex(), h.toString());
            assertTrue(h.timing(h.timings() - 1) >= h.timing(h.timings() - 2), "write after read: " + h);
        }
    }
}
