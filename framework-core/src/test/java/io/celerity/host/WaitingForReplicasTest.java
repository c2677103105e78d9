package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.extension.ReplicaAcks;
import io.celerity.fixtures.FakeExtension;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A service whose output waits for a replica (the queue's {@code acks}) waits without holding its loop: the other
 * service on the loop answers everything meanwhile, and the waiting one reads its next input only once its last
 * output is held. The replica is a stand-in extension whose acknowledged index the test sets.
 */
class WaitingForReplicasTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);
    /** Longer than the 100 ms after which a wait counts as a write failure and the service is backed off. */
    private static final long REFUSED_FOR_NANOS = 300_000_000L;

    @TempDir
    Path dir;

    private volatile long held = -1; // the replica's acknowledged index
    private volatile long firstRefusedNanos; // since when the replica's holding of the index asked about is refused
    private volatile long lastRefusedNanos;

    @Test
    void aServiceWaitingForItsReplicaHoldsUpNoOtherServiceOnItsLoop() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, "hosts:\n  a: { address: 127.0.0.1, port: 40100 }\n  b: { address: 127.0.0.2, port: 40100 }\n"
                + "queues:\n  in: { path: in, host: a }\n  inB: { path: inB, host: a }\n  out: { path: out, host: a, replicas: [ b ], acks: 1 }\n"
                + "  in2: { path: in2, host: a }\n  out2: { path: out2, host: a }\n"
                + "eventLoops:\n  shared: { affinity: NONE }\n"
                + "services:\n"
                + "  waiting: { implClass: " + TickEcho.class.getName() + ", inputs: [ in, inB ], output: out, eventLoop: shared }\n"
                + "  other: { implClass: " + TickEcho.class.getName() + ", inputs: [ in2 ], output: out2, eventLoop: shared }\n");
        CelerityConfig config = CelerityConfig.load(yaml).onHost("a");
        ReplicaAcks replica = (index, n) -> {
            boolean holds = n <= 1 && held >= index;
            if (!holds) { // the service asked, and must wait: the test's proof that it had its chance to read on
                long now = System.nanoTime();
                if (firstRefusedNanos == 0)
                    firstRefusedNanos = now;
                lastRefusedNanos = now;
            }
            return holds;
        };
        HostOptions options = HostOptions.defaults().withTimestamps(id -> UniqueTimestamps.inMemory(id,
                SystemTimeProvider.INSTANCE)).withExtensions(new FakeExtension().acks("out", replica));
        try (ServiceHost host = ServiceHost.start(config, options)) {
            write(dir.resolve("in"), 3); // two inputs: one pass reads both, and each output waits for the one before
            write(dir.resolve("inB"), 3);
            write(dir.resolve("in2"), 1_000);
            Queues.await("the other service's 1,000 answers", LIVENESS, () -> Queues.count(dir.resolve("out2")) == 1_000);
            Queues.await("the first answer", LIVENESS, () -> Queues.count(dir.resolve("out")) == 1);
            awaitRefusedLongerThanTheBackOff();
            assertEquals(1, Queues.count(dir.resolve("out")), "no second input read before the first answer is held");

            try (ChronicleQueue out = Queues.open(dir.resolve("out"))) {
                held = out.lastIndex();
            }
            Queues.await("the second answer, once the first is held", LIVENESS,
                    () -> Queues.count(dir.resolve("out")) == 2);
            firstRefusedNanos = 0; // from here, what it is refused is the second answer's copy
            awaitRefusedLongerThanTheBackOff();
            assertEquals(2, Queues.count(dir.resolve("out")), "the third waits for the second to be held");
            held = Long.MAX_VALUE;
            Queues.await("all six answers", LIVENESS, () -> Queues.count(dir.resolve("out")) == 6);
            assertTrue(host.stopReason().isEmpty(), "waiting for a replica within writeFailureTimeout stops nothing: "
                    + host.stopReason());
        }
    }

    // The service kept asking past its back-off: it had every chance to read on, and was held.
    private void awaitRefusedLongerThanTheBackOff() {
        Queues.await("the service asking its replica again for over 300 ms", LIVENESS,
                () -> firstRefusedNanos != 0 && lastRefusedNanos - firstRefusedNanos > REFUSED_FOR_NANOS);
    }

    private static void write(Path queueDir, int ticks) {
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(queueDir).build()) {
            TickIn in = queue.methodWriter(TickIn.class);
            for (int i = 0; i < ticks; i++)
                in.tick(new Tick().set(0, i, i));
        }
    }
}
