package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.StartTimes;
import io.celerity.benchmarks.hop.Ping;
import io.celerity.benchmarks.hop.PingsOut;
import io.celerity.internal.replication.QueueSource;
import io.celerity.internal.replication.SinkEndpoint;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;
import java.util.List;

/**
 * One document replicated and acknowledged: the harness writes a ping to host A's queue; A's {@link QueueSource}
 * sends it over Aeron UDP to B's {@code QueueSink}, which appends it to the replica and acknowledges; the probe is
 * sampled when A's thread sees the source's acknowledged index reach the document's (what
 * {@link QueueSource#awaitReplicated} waits for). With B in this process, a second probe times the append on B.
 */
final class ReplicationHop extends LinkHop {

    static final String ON_REPLICA = "appended on B";
    private static final int RING = 1 << 21;

    private final Ping ping = new Ping();
    private final long[] indexes = new long[RING];
    private SingleChronicleQueue queue;
    private PingsOut sender;
    private QueueSource source;
    private StartTimes starts;
    private Probe acked;
    private Probe appended;
    private long sequence;
    private volatile long written;
    private volatile long primed = Long.MAX_VALUE;
    private long nextAcked;
    private long nextAppended;

    ReplicationHop(DriverMode mode, LoopIdle idle, LinkAddresses remote, int handlerCpu) {
        super(mode, idle, remote, handlerCpu);
    }

    @Override
    void prepare(Path dir, Probes probes) {
        queue = SingleChronicleQueueBuilder.binary(dir.resolve("source")).build();
        sender = new PingsOut(queue, "replication benchmark sender");
        starts = probes.startTimes();
        acked = probes.endToEnd();
        appended = replicaInProcess() ? probes.add(ON_REPLICA) : null;
        // One document before the harness's: acknowledged, it says the link is up. Not timed.
        sender.writer().ping(ping.next(System.nanoTime(), -1));
        primed = sender.lastIndexAppended();
    }

    @Override
    void open(AeronSide a) {
        source = new QueueSource("bench", queue, a.aeron(), link().onA(LinkAddresses.CONTROL_STREAM),
                List.of(new SinkEndpoint(LinkAddresses.SINK_ID, link().onB(LinkAddresses.DATA_STREAM))));
        source.onStart();
    }

    @Override
    boolean ready() {
        return source.ackedIndex(LinkAddresses.SINK_ID) >= primed;
    }

    @Override
    public void send(long startNanos) {
        long message = sequence++;
        starts.put(message, startNanos);
        sender.writer().ping(ping.next(startNanos, message));
        indexes[(int) (message & (RING - 1))] = sender.lastIndexAppended();
        written = message + 1; // publishes the start time and the index to the hop's thread
    }

    @Override
    public void idle() {
        sender.touchAhead();
    }

    @Override
    int work() {
        int work = source.doWork();
        long sent = written;
        if (nextAcked < sent) {
            long ackedIndex = source.ackedIndex(LinkAddresses.SINK_ID);
            long now = System.nanoTime();
            while (nextAcked < sent && indexes[(int) (nextAcked & (RING - 1))] <= ackedIndex) {
                acked.sample(now - starts.get(nextAcked++));
                work++;
            }
        }
        if (appended != null && nextAppended < sent) {
            long replicaIndex = replicaLastIndex();
            long now = System.nanoTime();
            while (nextAppended < sent && indexes[(int) (nextAppended & (RING - 1))] <= replicaIndex)
                appended.sample(now - starts.get(nextAppended++));
        }
        return work;
    }

    @Override
    void closeOnThread() {
        if (source != null)
            source.onClose();
    }

    @Override
    void closeTransports() {
        if (sender != null)
            sender.close();
        if (queue != null)
            queue.close();
    }
}
