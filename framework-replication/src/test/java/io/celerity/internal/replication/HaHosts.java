package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A highly available queue over three hosts in this JVM, on loopback: a (its configured primary, index 0), b (the
 * standby, 1), c (a replica, 2). Each host has its own media driver and queue directory, and can be stopped and started
 * again as if the host died and came back.
 */
final class HaHosts implements AutoCloseable {

    static final int A = 0;
    static final int B = 1;
    static final int C = 2;
    static final List<String> NAMES = List.of("a", "b", "c");
    private static final int STREAM = 3001;

    final FakeCluster cluster = new FakeCluster();
    /** What each host was told to stop for, in order. */
    final List<String> stops = new CopyOnWriteArrayList<>();
    private final Path dir;
    private final Endpoint[] data = new Endpoint[3];
    private final Endpoint[] controls = new Endpoint[3];
    @SuppressWarnings("unchecked")
    final Side<HaReplicator>[] candidates = new Side[2];
    Side<QueueSink> replica;

    HaHosts(Path dir) {
        this.dir = dir;
        for (int h = 0; h < 3; h++) {
            String at = "127.0.0.1:" + Link.freePort();
            data[h] = Endpoint.udp(at, STREAM);
            controls[h] = Endpoint.udp(at, -STREAM);
        }
    }

    Path queueDir(int host) {
        return dir.resolve(NAMES.get(host) + "/orders");
    }

    SingleChronicleQueue open(int host) {
        return SingleChronicleQueueBuilder.binary(queueDir(host)).rollCycle(RollCycles.FAST_DAILY).build();
    }

    /** Starts candidate a or b with a lease view of its own (a restarted host's knows no token yet). */
    Side<HaReplicator> start(int host) {
        HaReplicator.Hosts hosts = new HaReplicator.Hosts(NAMES, host, A, data, controls, List.of(A, B, C),
                List.of(A, B));
        FakeCluster.Lease lease = cluster.lease(NAMES.get(host));
        return candidates[host] = Side.of(dir.resolve(NAMES.get(host) + "/aeron"), open(host),
                (q, aeron) -> new HaReplicator("service 'echo'", "orders", q, aeron.aeron(), lease, hosts,
                        AckPolicy.DEFAULT, why -> stops.add(NAMES.get(host) + ": " + why)));
    }

    /** Starts replica c: a sink that follows the source with the highest token. */
    Side<QueueSink> startReplica() {
        return replica = Side.of(dir.resolve("c/aeron"), open(C), (q, aeron) -> new QueueSink("orders", q,
                aeron.aeron(), HaReplicator.Hosts.sinkId(C), data[C], controls, A, AckPolicy.DEFAULT));
    }

    /** A source on {@code host}'s copy under lease {@code token}, sending to replica c only: a deposed one, still up. */
    Side<QueueSource> staleSource(int host, long token) {
        return Side.of(dir.resolve(NAMES.get(host) + "/aeron"), open(host), (q, aeron) -> new QueueSource("orders", q,
                aeron.aeron(), controls[host], List.of(new SinkEndpoint(HaReplicator.Hosts.sinkId(C), data[C], "c")),
                token, host, null));
    }

    void stop(int host) {
        if (host == C) {
            replica.close();
            replica = null;
        } else {
            candidates[host].close();
            candidates[host] = null;
        }
    }

    /** The last index of host {@code host}'s copy (running or not). */
    long lastIndex(int host) {
        try (SingleChronicleQueue q = SingleChronicleQueueBuilder.binary(queueDir(host)).readOnly(true).build()) {
            return q.lastIndex();
        }
    }

    @Override
    public void close() {
        List<AutoCloseable> all = new ArrayList<>();
        if (replica != null)
            all.add(replica);
        for (Side<HaReplicator> side : candidates)
            if (side != null)
                all.add(side);
        for (AutoCloseable side : all) {
            try {
                side.close();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
