package io.celerity.internal.replication;

import io.celerity.internal.encryption.StoredQueue;
import io.celerity.internal.operations.ServiceProgress;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;

import java.util.List;
import java.util.function.Function;

/**
 * The copies of a host's queues, with what the host's own queues add: each queue's last index and, at the source, how
 * many documents a sink has not acknowledged yet. Read off the loop threads (status, metrics): the links are volatile
 * fields, the queue's end is Chronicle's.
 */
public final class ReplicationReport {

    /** At a sink: its source's end is not known there. */
    public static final long UNKNOWN = -1;

    private final String host;
    private final List<ReplicaLink> links;
    private final Function<String, ChronicleQueue> queues;

    public ReplicationReport(String host, List<ReplicaLink> links, Function<String, ChronicleQueue> queues) {
        this.host = host;
        this.links = links; // a live view: a highly available queue's links change with the host's role
        this.queues = queues;
    }

    /** The host this process runs. */
    public String host() {
        return host;
    }

    /** The links as they are now. */
    public List<ReplicaLink> links() {
        return List.copyOf(links);
    }

    /** The last index of the queue as this host holds it (the source's, or the replica's), -1 when it is empty. */
    public long lastIndex(String queue) {
        return ServiceProgress.lastIndex(StoredQueue.of(queues.apply(queue)));
    }

    /**
     * At the source, the documents after the one {@code link}'s sink last acknowledged: 0 when it holds them all;
     * {@link #UNKNOWN} at a sink.
     */
    public long lag(ReplicaLink link) {
        if (!link.atSource())
            return UNKNOWN;
        SingleChronicleQueue queue = StoredQueue.of(queues.apply(link.queue()));
        long last = ServiceProgress.lastIndex(queue);
        long acked = link.ackedIndex();
        if (last < 0 || acked >= last)
            return 0;
        if (acked < 0)
            return queue.entryCount();
        RollCycle cycles = queue.rollCycle();
        if (cycles.toCycle(acked) == cycles.toCycle(last))
            return last - acked; // one cycle: indexes are consecutive
        try {
            return queue.countExcerpts(acked, last); // from acked, up to but not including last: as many
        } catch (IllegalStateException e) {
            return UNKNOWN; // the sink's cycle has been deleted here: its failure says so
        }
    }
}
