package io.celerity.internal.dispatch;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.host.HandlerErrorListener;
import io.celerity.internal.loop.EventLoopThread;
import io.celerity.internal.loop.LoopParticipant;
import io.celerity.internal.operations.HostQueues;
import io.celerity.internal.replication.ReplicaAcks;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * A service whose output waits for a replica (the queue's {@code acks}) waits without holding its loop: the other
 * service on the loop answers everything meanwhile, and the waiting one reads its next input only once its last
 * output is held. The replica is a stand-in whose acknowledged index the test sets.
 */
class WaitingForReplicasTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private volatile long held = -1; // the replica's acknowledged index
    private volatile String stopReason;

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
        ReplicaAcks replica = (index, n) -> n <= 1 && held >= index;
        try (HostQueues queues = new HostQueues(config, SystemTimeProvider.CLOCK);
             UniqueTimestamps timestamps = UniqueTimestamps.inMemory(1, SystemTimeProvider.INSTANCE)) {
            List<LoopParticipant> runners = new ArrayList<>();
            for (ServiceConfig s : config.services().values())
                runners.add(new ServiceRunner(ServicePlan.of(config, s, queues::get, SystemTimeProvider.INSTANCE,
                        timestamps, HandlerErrorListener.NONE, q -> q.equals("out") ? replica : null)));
            EventLoopThread loop = new EventLoopThread(config.eventLoops().get("shared"), runners, Duration.ofMinutes(10),
                    reason -> stopReason = reason);
            loop.start();
            try {
                write(queues.get("in"), 3); // two inputs: one pass reads both, and each output waits for the one before
                write(queues.get("inB"), 3);
                write(queues.get("in2"), 1_000);
                Queues.await("the other service's 1,000 answers", LIVENESS, () -> Queues.count(dir.resolve("out2")) == 1_000);
                Queues.await("the first answer", LIVENESS, () -> Queues.count(dir.resolve("out")) == 1);
                Thread.sleep(300); // past the 100 ms after which a wait counts as a write failure and is backed off
                assertEquals(1, Queues.count(dir.resolve("out")), "no second input read before the first answer is held");

                held = queues.get("out").lastIndex();
                Queues.await("the second answer, once the first is held", LIVENESS,
                        () -> Queues.count(dir.resolve("out")) == 2);
                Thread.sleep(300);
                assertEquals(2, Queues.count(dir.resolve("out")), "the third waits for the second to be held");
                held = Long.MAX_VALUE;
                Queues.await("all six answers", LIVENESS, () -> Queues.count(dir.resolve("out")) == 6);
                assertNull(stopReason, "waiting for a replica within writeFailureTimeout stops nothing");
            } finally {
                loop.close();
            }
        }
    }

    private static void write(ChronicleQueue queue, int ticks) {
        TickIn in = queue.methodWriter(TickIn.class);
        for (int i = 0; i < ticks; i++)
            in.tick(new Tick().set(0, i, i));
    }
}
