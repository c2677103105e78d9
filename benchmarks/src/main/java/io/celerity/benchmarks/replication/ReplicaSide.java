package io.celerity.benchmarks.replication;

import io.celerity.internal.replication.AckPolicy;
import io.celerity.internal.replication.QueueSink;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;

import java.nio.file.Path;

/**
 * Host B: its media driver, the replica queue and its {@link QueueSink}, and the echo of the raw ping. One thread
 * calls {@link #onStart()}, then {@link #doWork()} in a loop, then {@link #onClose()}, as an agent runner would.
 */
final class ReplicaSide implements Agent {

    private final AeronSide aeron;
    private final SingleChronicleQueue replica;
    private final QueueSink sink;
    private final UdpEcho echo;

    ReplicaSide(Path replicaDir, DriverMode mode, LinkAddresses link, AckPolicy ack) {
        aeron = AeronSide.launch("b", mode);
        replica = SingleChronicleQueueBuilder.binary(replicaDir).build();
        sink = new QueueSink("bench", replica, aeron.aeron(), LinkAddresses.SINK_ID,
                link.onB(LinkAddresses.DATA_STREAM), link.onA(LinkAddresses.CONTROL_STREAM), ack);
        echo = new UdpEcho(aeron.aeron(), link);
    }

    /** The replica's last index, -1 while empty. Any thread. */
    long lastIndex() {
        return sink.lastIndex();
    }

    @Override
    public void onStart() {
        sink.onStart();
        echo.onStart();
    }

    @Override
    public int doWork() throws Exception {
        if (sink.divergence() != null)
            throw sink.divergence();
        return aeron.invoke() + sink.doWork() + echo.doWork();
    }

    @Override
    public void onClose() {
        CloseHelper.closeAll(echo::onClose, sink::onClose, aeron, replica);
    }

    @Override
    public String roleName() {
        return "replica";
    }
}
