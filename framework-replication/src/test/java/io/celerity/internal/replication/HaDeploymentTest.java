package io.celerity.internal.replication;

import io.celerity.fixtures.AvailableDeployment;
import io.celerity.extension.OutputGate;
import io.celerity.config.CelerityConfig;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.CompositeAgent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What {@link AeronReplicationFactory} makes of a deployment with a highly available service, each host's part started
 * from its own copy of the file (so its own queue files) in this JVM, on loopback, with an in-memory lease: the
 * primary's and the standby's replicators, the replica following whoever holds the lease, each host's links and
 * primacy, and a queue that is not highly available copied as before.
 */
class HaDeploymentTest {

    private static final Logger LOG = LoggerFactory.getLogger(HaDeploymentTest.class);

    private static final Duration LIVENESS = Duration.ofSeconds(120);

    @TempDir
    Path dir;

    private final FakeCluster cluster = new FakeCluster();
    private final List<String> stops = new CopyOnWriteArrayList<>();

    @Test
    void theStandbyTakesTheOutputOverAndTheReplicaFollowsIt() throws IOException {
        String yaml = AvailableDeployment.of("echo", ReplicatedEcho.class).primaryAndStandby("a", "b")
                .host("a", "127.0.0.1", Link.freePort()).host("b", "127.0.0.1", Link.freePort())
                .host("c", "127.0.0.1", Link.freePort()).clusterPort(40500).queuesUnder("q").yaml();
        try (HostPart a = new HostPart(yaml, "a"); HostPart b = new HostPart(yaml, "b");
             HostPart c = new HostPart(yaml, "c")) {
            assertNull(c.replication.gate("echo"), "c neither writes nor takes over echo");
            LeaseGate atA = a.replication.gate("echo");
            LeaseGate atB = b.replication.gate("echo");
            assertTrue(atA.why(System.nanoTime()).contains("lease held by null"), atA.why(System.nanoTime()));

            cluster.grant("a");
            Link.await("a to become the primary", LIVENESS, () -> atA.state(System.nanoTime()) == OutputGate.State.OPEN);
            long ticks = write(a.queue("ticks"), 0, 100); // not highly available: copied as before
            long out = write(a.queue("out"), 0, 100);
            awaitHolds(b, "out", out);
            awaitHolds(c, "out", out);
            awaitHolds(b, "ticks", ticks);
            awaitHolds(c, "ticks", ticks);
            assertEquals(List.of("out a->b source", "out a->c source", "ticks a->b source", "ticks a->c source"),
                    links(a));
            assertEquals(List.of("out a->b sink", "ticks a->b sink"), links(b));
            Link.await("b to be declared eligible", LIVENESS, () -> cluster.eligible("b"));

            a.close(); // host a dies
            cluster.expire();
            cluster.grant("b");
            Link.await("b to become the primary", LIVENESS, () -> atB.state(System.nanoTime()) == OutputGate.State.OPEN);
            long more = write(b.queue("out"), 100, 100);
            awaitHolds(c, "out", more);
            assertEquals(List.of("out b->a source", "out b->c source", "ticks a->b sink"), links(b));
            assertEquals(List.of("out b->c sink", "ticks a->c sink"), links(c));
            Link.await("c's copy to count for b's acks", LIVENESS, () -> b.replication.acks("out").replicated(more, 1));
            assertEquals(List.of(), stops);
        }
    }

    private static void awaitHolds(HostPart host, String queue, long index) {
        Link.await(host.name + " to hold " + queue + " up to " + Long.toHexString(index), LIVENESS,
                () -> host.queue(queue).lastIndex() >= index);
    }

    private static long write(SingleChronicleQueue queue, long from, int count) {
        try (ExcerptAppender appender = queue.createAppender()) {
            long last = -1;
            for (long n = from; n < from + count; n++)
                last = Documents.write(appender, n);
            return last;
        }
    }

    /** Each link as "queue source->sink side", sorted. */
    private static List<String> links(HostPart host) {
        return host.replication.links().stream()
                .map(l -> l.queue() + " " + l.source() + "->" + l.sink() + (l.atSource() ? " source" : " sink"))
                .sorted().toList();
    }

    /** One host's part of the deployment: its queues, its replication on one runner. */
    private final class HostPart implements AutoCloseable {

        final String name;
        final QueueReplication replication;
        private final Map<String, SingleChronicleQueue> queues = new HashMap<>();
        private final AgentRunner runner;
        private boolean closed;

        HostPart(String yaml, String name) throws IOException {
            this.name = name;
            Path file = dir.resolve(name).resolve("services.yaml");
            Files.createDirectories(file.getParent());
            Files.writeString(file, yaml);
            CelerityConfig config = CelerityConfig.load(file).onHost(name);
            config.queues().values().forEach(q -> queues.put(q.name(),
                    SingleChronicleQueueBuilder.binary(q.path()).rollCycle(RollCycles.FAST_DAILY).build()));
            replication = new AeronReplicationFactory(c -> leases(name))
                    .start(config, q -> (ChronicleQueue) queues.get(q), why -> stops.add(name + ": " + why));
            runner = new AgentRunner(new BackoffIdleStrategy(10, 10, 1_000, 100_000), e -> LOG.error("host {}: a replication agent failed", name, e),
                    null, new CompositeAgent(replication.agents()));
            AgentRunner.startOnThread(runner);
        }

        SingleChronicleQueue queue(String queue) {
            return queues.get(queue);
        }

        @Override
        public void close() {
            if (closed)
                return;
            closed = true;
            runner.close();
            replication.close();
            queues.values().forEach(SingleChronicleQueue::close);
        }
    }

    private HaLeases leases(String host) {
        FakeCluster.Lease lease = cluster.lease(host);
        return new HaLeases() {
            @Override
            public HaLease lease(String service) {
                return lease;
            }

            @Override
            public void close() {
            }
        };
    }
}
