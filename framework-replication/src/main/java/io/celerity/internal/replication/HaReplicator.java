package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.celerity.extension.ReplicaAcks;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The copy of a highly available service's output on a host that may write it (its primary or its standby): a sink of
 * the source with the highest lease token until this host holds the service's lease, then the source, sending to every
 * other copy. Also the service's output gate on this host. An {@link Agent} on the replication loop.
 */
public final class HaReplicator implements Agent, LeaseGate, ReplicaAcks {

    private static final Logger LOG = LoggerFactory.getLogger(HaReplicator.class);
    private static final DateTimeFormatter ASIDE = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final String service;
    private final String name;
    private final SingleChronicleQueue queue;
    private final Aeron aeron;
    private final HaLease lease;
    private final Hosts hosts;
    private final AckPolicy ack;
    private final Consumer<String> stopHost;
    private volatile QueueSink sink;
    private volatile QueueSource source;
    private volatile boolean promoted;
    private volatile String stopped;
    private boolean sinkClosed;

    /**
     * The hosts of one highly available queue, by their index under {@code hosts}.
     *
     * @param names      every host's name, by index
     * @param self       this host's index
     * @param primary    the index of the queue's configured host, followed until a source with a lease says otherwise
     * @param data       each host's data endpoint for this queue, by index (null where the queue is not copied)
     * @param controls   each host's control endpoint for this queue, by index
     * @param copies     the indexes of every host holding the queue (candidates and replicas)
     * @param candidates the indexes of the hosts that may write it: the primary and the standby
     */
    public record Hosts(List<String> names, int self, int primary, Endpoint[] data, Endpoint[] controls,
                        List<Integer> copies, List<Integer> candidates) {

        /** The sink id of the host at {@code index}: the same whichever host sends. */
        static int sinkId(int index) {
            return index + 1;
        }
    }

    /**
     * @param service  what writes this queue when highly available, as messages name it: {@code service 'x'}
     * @param name     the queue's name
     * @param queue    this host's copy
     * @param lease    the service's lease as this host sees it
     * @param stopHost told why this host must stop: deposed, or its copy moved aside
     */
    public HaReplicator(String service, String name, SingleChronicleQueue queue, Aeron aeron, HaLease lease,
                        Hosts hosts, AckPolicy ack, Consumer<String> stopHost) {
        this.service = service;
        this.name = name;
        this.queue = queue;
        this.aeron = aeron;
        this.lease = lease;
        this.hosts = hosts;
        this.ack = ack;
        this.stopHost = stopHost;
    }

    @Override
    public void onStart() {
        sink = new QueueSink(name, queue, aeron, Hosts.sinkId(hosts.self()), hosts.data()[hosts.self()],
                hosts.controls(), hosts.primary(), ack);
        sink.onStart();
    }

    @Override
    public int doWork() {
        if (stopped != null)
            return 0;
        if (lease.deposed()) {
            stop(service + ": " + deposedBy());
            return 0;
        }
        QueueSource s = source;
        if (s != null)
            return s.doWork();
        if (lease.holds(System.nanoTime()))
            return promote();
        int work = sink.doWork();
        if (sink.divergence() != null)
            moveAside(sink.divergence());
        return work;
    }

    // The old source's appends end with the sink; the service writes this copy from now on, and it is sent on.
    private int promote() {
        closeSink();
        long token = lease.token();
        List<SinkEndpoint> sinks = new ArrayList<>();
        List<Integer> candidateIds = new ArrayList<>();
        List<String> candidateHosts = new ArrayList<>();
        for (int h : hosts.copies()) {
            if (h == hosts.self())
                continue;
            sinks.add(new SinkEndpoint(Hosts.sinkId(h), hosts.data()[h], hosts.names().get(h)));
            if (hosts.candidates().contains(h)) {
                candidateIds.add(Hosts.sinkId(h));
                candidateHosts.add(hosts.names().get(h));
            }
        }
        QueueSource s = new QueueSource(name, queue, aeron, hosts.controls()[hosts.self()], sinks, token,
                hosts.self(), new CandidateGate(name, lease, candidateIds, candidateHosts));
        s.onStart();
        source = s;
        promoted = true;
        LOG.info("{}: this host holds its lease (token {}); its copy of '{}' (last index {}) is the source "
                + "now, sent to {}", service, token, name, Long.toHexString(sink.lastIndex()), sinks);
        return 1;
    }

    private void moveAside(ReplicaDivergenceException divergence) {
        closeSink();
        Path dir = queue.file().toPath();
        Path aside = dir.resolveSibling(dir.getFileName() + ".diverged-" + LocalDateTime.now().format(ASIDE));
        try {
            Files.move(dir, aside);
        } catch (IOException e) {
            stop(service + ": this host's copy of its output '" + name + "' holds what its source does "
                    + "not (" + divergence.getMessage() + "), and moving it aside to " + aside + " failed (" + e
                    + "); move it aside by hand, then restart this host to rebuild it from the primary");
            return;
        }
        stop(service + ": this host's copy of its output '" + name + "' holds what its source does not ("
                + divergence.getMessage() + "); the copy was moved aside to " + aside + " (kept for forensics); restart "
                + "this host to rebuild it from the primary");
    }

    private void stop(String why) {
        stopped = why;
        LOG.error("{}", why);
        stopHost.accept(why);
    }

    /** Open while this host holds the lease and its copy is the source; deposed once another host took it over. */
    @Override
    public State state(long nowNanos) {
        if (promoted && lease.holds(nowNanos))
            return State.OPEN;
        return lease.deposed() ? State.DEPOSED : State.CLOSED;
    }

    // One wording for the one event, whether this agent or the service's loop meets it first.
    private String deposedBy() {
        return "host " + lease.holder() + " took it over with lease token " + lease.holderToken() + " (this host held "
                + "token " + lease.token() + "); this host no longer writes its output '" + name + "': restart this "
                + "host to rejoin as the standby";
    }

    @Override
    public long token() {
        return lease.token();
    }

    @Override
    public String why(long nowNanos) {
        State state = state(nowNanos);
        if (state == State.OPEN)
            return null;
        if (state == State.DEPOSED)
            return deposedBy();
        if (stopped != null)
            return stopped;
        if (!promoted && lease.holds(nowNanos))
            return "this host holds the lease; its copy of '" + name + "' becomes the source on the replication "
                    + "loop's next pass";
        String why = lease.why(nowNanos);
        return why != null ? why : "this host does not hold the lease (holder " + lease.holder() + ", token "
                + lease.holderToken() + ")";
    }

    /** Whether {@code replicas} other copies hold {@code index}; false while this host is not the source. */
    @Override
    public boolean replicated(long index, int replicas) {
        QueueSource s = source;
        return s != null && s.replicated(index, replicas);
    }

    /** Whether this host's copy is the source now. Any thread. */
    public boolean promoted() {
        return promoted;
    }

    /** The sink while this host is not the source (also after, as it ended). Any thread. */
    public QueueSink sink() {
        return sink;
    }

    /** The source once this host holds the lease, else null. Any thread. */
    public QueueSource source() {
        return source;
    }

    /** Why this host stopped copying (deposed, or its copy moved aside), or null. Any thread. */
    public String stopped() {
        return stopped;
    }

    /** The copies as this host sees them now: one per other copy at the source, the one it follows at a sink. */
    List<ReplicaLink> links() {
        String self = hosts.names().get(hosts.self());
        QueueSource s = source;
        if (s == null)
            return List.of(new ReplicaLinks.AtSink(name, hosts.names(), self, sink));
        List<ReplicaLink> links = new ArrayList<>();
        for (int h : hosts.copies())
            if (h != hosts.self())
                links.add(new ReplicaLinks.AtSource(name, self, hosts.names().get(h), s, Hosts.sinkId(h)));
        return links;
    }

    @Override
    public void onClose() {
        QueueSource s = source;
        if (s != null)
            s.onClose();
        else if (sink != null)
            closeSink();
    }

    private void closeSink() {
        if (!sinkClosed)
            sink.onClose();
        sinkClosed = true;
    }

    @Override
    public String roleName() {
        return "replication-ha-" + name;
    }
}
