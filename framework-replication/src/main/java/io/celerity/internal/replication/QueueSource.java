package io.celerity.internal.replication;

import io.celerity.extension.ReplicaAcks;
import io.aeron.Aeron;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Sends a queue to its sinks, each from where that sink says it is, and keeps what each has acknowledged. An
 * {@link Agent}: run it on an event loop or an {@link org.agrona.concurrent.AgentRunner}; the queue is only read.
 */
public final class QueueSource implements Agent, ReplicaAcks {

    private static final int CONTROL_FRAGMENTS = 16;

    private final String name;
    private final SingleChronicleQueue queue;
    private final Aeron aeron;
    private final Endpoint control;
    private final SinkLink[] links;
    private final FragmentHandler controlHandler = this::onControl;
    private final CandidateGate gate;
    private Subscription controlSubscription;

    /**
     * A source of a queue that is not highly available: no lease token, no gate.
     *
     * @param name      the queue's name, for errors
     * @param queue     the queue to send, as written on this host
     * @param control   where this source receives its sinks' resumes and acknowledgements
     * @param endpoints the sinks
     */
    public QueueSource(String name, SingleChronicleQueue queue, Aeron aeron, Endpoint control,
                       List<SinkEndpoint> endpoints) {
        this(name, queue, aeron, control, endpoints, 0, Frames.NO_HOST, null);
    }

    /**
     * @param token the fencing token of the lease under which this host sends (0: none); sinks follow the highest
     * @param host  this host's position under {@code hosts}, where sinks send their control frames
     * @param gate  keeps the other sinks behind what the eligible candidates hold, or null for none
     */
    public QueueSource(String name, SingleChronicleQueue queue, Aeron aeron, Endpoint control,
                       List<SinkEndpoint> endpoints, long token, int host, CandidateGate gate) {
        this.name = name;
        this.queue = queue;
        this.aeron = aeron;
        this.control = control;
        if (endpoints.stream().map(SinkEndpoint::id).distinct().count() != endpoints.size())
            throw new IllegalArgumentException("queue '" + name + "': two sinks with the same id in " + endpoints);
        // Made here, so other threads see every link's acknowledgements; their tailers are opened in onStart.
        this.links = endpoints.stream().map(sink -> new SinkLink(name, sink, queue.rollCycle(), token, host))
                .toArray(SinkLink[]::new);
        this.gate = gate;
        if (gate != null)
            gate.bind(links);
    }

    /** Opens the control subscription and, on the agent's thread, a tailer per sink; the publications follow. */
    @Override
    public void onStart() {
        controlSubscription = aeron.addSubscription(control.channel(), control.streamId());
        for (SinkLink link : links)
            link.open(queue.createTailer().toEnd(), aeron); // at the end until its sink says where: holds no old cycle
    }

    @Override
    public int doWork() {
        int work = controlSubscription.poll(controlHandler, CONTROL_FRAGMENTS);
        long now = System.nanoTime();
        if (gate != null)
            gate.apply(now); // before any link sends: what it allows holds for the whole pass
        for (SinkLink link : links)
            work += link.doWork(now);
        return work;
    }

    private void onControl(DirectBuffer buffer, int offset, int length, Header header) {
        if (length < Frames.CONTROL_LENGTH)
            return;
        SinkLink link = link(buffer.getInt(offset + Frames.CONTROL_SINK, Frames.ORDER));
        if (link == null)
            return;
        long index = buffer.getLong(offset + Frames.CONTROL_INDEX, Frames.ORDER);
        int type = buffer.getInt(offset + Frames.CONTROL_TYPE, Frames.ORDER);
        if (type == Frames.RESUME)
            link.onResume(buffer.getLong(offset + Frames.CONTROL_EPOCH, Frames.ORDER), index,
                    buffer.getLong(offset + Frames.CONTROL_CYCLE_LAYOUT, Frames.ORDER),
                    buffer.getInt(offset + Frames.CONTROL_CYCLE_MILLIS, Frames.ORDER));
        else if (type == Frames.ACK)
            link.onAck(buffer.getLong(offset + Frames.CONTROL_EPOCH, Frames.ORDER), index);
    }

    private SinkLink link(int sinkId) {
        for (SinkLink link : links)
            if (link.id() == sinkId)
                return link;
        return null;
    }

    /**
     * The index sink {@code sinkId} last reported holding everything up to (the latest report, so a replica rebuilt
     * from empty reports less); -1 before its first report. Any thread.
     */
    public long ackedIndex(int sinkId) {
        return existing(sinkId).ackedIndex();
    }

    private SinkLink existing(int sinkId) {
        SinkLink link = link(sinkId);
        if (link == null)
            throw new IllegalArgumentException("queue '" + name + "' has no sink " + sinkId);
        return link;
    }

    /** What sink {@code sinkId} holds of this source's, as checked (see {@link SinkLink#heldIndex()}). Any thread. */
    public long heldIndex(int sinkId) {
        return existing(sinkId).heldIndex();
    }

    /** How many times this source moved to sink {@code sinkId}'s place (its start included). Any thread. */
    public long resumes(int sinkId) {
        return existing(sinkId).resumes();
    }

    /** Why sink {@code sinkId} is no longer served (roll cycle mismatch, replica ahead), or null. Any thread. */
    public String failure(int sinkId) {
        SinkLink link = link(sinkId);
        return link == null ? null : link.failure();
    }

    /**
     * Waits until at least {@code sinks} sinks hold {@code index}: spins, yields, then parks; no allocation. Any thread
     * but the agent's own.
     *
     * @return true when they do, false when {@code timeout} passed first
     */
    public boolean awaitReplicated(long index, int sinks, Duration timeout) {
        if (sinks > links.length)
            throw new IllegalArgumentException("queue '" + name + "' has " + links.length + " sinks, not " + sinks);
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int round = 0; ; round++) {
            if (holding(index) >= sinks)
                return true;
            if (System.nanoTime() - deadline >= 0)
                return false;
            if (round < 1_000)
                Thread.onSpinWait();
            else if (round < 1_100)
                Thread.yield();
            else
                LockSupport.parkNanos(20_000);
        }
    }

    /** Whether at least {@code sinks} sinks hold {@code index} now; never waits, no allocation. Any thread. */
    @Override
    public boolean replicated(long index, int sinks) {
        return holding(index) >= sinks;
    }

    private int holding(long index) {
        int holding = 0;
        for (SinkLink link : links)
            if (link.ackedIndex() >= index)
                holding++;
        return holding;
    }

    @Override
    public void onClose() {
        for (SinkLink link : links)
            link.close();
        if (controlSubscription != null)
            controlSubscription.close();
    }

    @Override
    public String roleName() {
        return "replication-source-" + name;
    }
}
