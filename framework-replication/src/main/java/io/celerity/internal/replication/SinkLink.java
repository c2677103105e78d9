package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.wire.DocumentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The source's side of one sink: a tailer on the source queue at the sink's place, the publication to the sink, and
 * what the sink acknowledged. Used on the source's agent thread, except {@link #ackedIndex()}.
 */
final class SinkLink {

    private static final Logger LOG = LoggerFactory.getLogger(SinkLink.class);
    private static final int BATCH = 64;
    private static final long HELLO_INTERVAL_NS = 20_000_000;

    private final String queue;
    private final SinkEndpoint sink;
    private final RollCycle rollCycle;
    private final LinkWatch watch;
    private ExcerptTailer tailer;
    private PublicationOpener opener;
    private FramePublisher publisher; // null until the media driver made it
    private long epoch = Frames.NO_EPOCH;
    private boolean resumed;
    private long lastHelloNs;
    private volatile long ackedIndex = -1;
    private volatile String failure;
    private volatile long resumes; // written by the agent's thread only

    SinkLink(String queue, SinkEndpoint sink, RollCycle rollCycle) {
        this.queue = queue;
        this.sink = sink;
        this.rollCycle = rollCycle;
        this.watch = new LinkWatch("queue '" + queue + "', " + sink + ": no connection to "
                + sink.data().channel() + " stream " + sink.data().streamId());
    }

    /**
     * On the agent's thread, before any work: Chronicle tailers belong to the thread that uses them; the publication is
     * made in the passes that follow, never blocking.
     */
    void open(ExcerptTailer tailer, Aeron aeron) {
        this.tailer = tailer;
        this.opener = new PublicationOpener(aeron, sink.data(), "queue '" + queue + "', " + sink);
    }

    int id() {
        return sink.id();
    }

    Endpoint data() {
        return sink.data();
    }

    /** The index the sink last reported holding everything up to; -1 before its first report. Any thread. */
    long ackedIndex() {
        return ackedIndex;
    }

    /** How many times this source moved to the sink's place. Any thread. */
    long resumes() {
        return resumes;
    }

    /** Why this sink is no longer served, or null. Any thread. */
    String failure() {
        return failure;
    }

    /** Sends what the sink has not got yet, a batch at most; without a place, asks the sink for one now and then. */
    int doWork(long nowNs) {
        if (failure != null)
            return 0;
        // First of all: a running sink's RESUME may arrive, and set an epoch, before the driver made the publication.
        if (publisher == null) {
            ExclusivePublication publication = opener.poll(nowNs);
            if (publication == null) {
                watch.waiting(nowNs);
                return 0;
            }
            publisher = new FramePublisher(publication);
        }
        if (epoch == Frames.NO_EPOCH)
            return hello(nowNs);
        if (!resumed) {
            long result = publisher.resumed(epoch);
            if (result < 0) {
                lost(result);
                return 0;
            }
            resumed = true;
            watch.heard(); // also when the sink's resume came before any hello of ours found the link up
        }
        int sent = 0;
        while (sent < BATCH) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    break;
                Bytes<?> bytes = dc.wire().bytes();
                int length = (int) bytes.readRemaining();
                // With its length: the mapping returned holds the whole document, not just its start.
                long address = bytes.addressForRead(bytes.readPosition(), length);
                long result = publisher.publish(epoch, dc.index(), address, length);
                if (result < 0) {
                    // Not sent: read it again next time.
                    dc.rollbackOnClose();
                    lost(result);
                    break;
                }
                sent++;
            }
        }
        return sent;
    }

    private int hello(long nowNs) {
        if (!publisher.isConnected()) {
            watch.waiting(nowNs);
            return 0;
        }
        watch.heard();
        if (nowNs - lastHelloNs < HELLO_INTERVAL_NS)
            return 0;
        lastHelloNs = nowNs;
        publisher.hello();
        return 1;
    }

    private void lost(long result) {
        if (result == Publication.NOT_CONNECTED || result == Publication.CLOSED)
            epoch = Frames.NO_EPOCH;
        else if (result == Publication.MAX_POSITION_EXCEEDED)
            fail("queue '" + queue + "', " + sink + ": the publication reached its maximum position");
    }

    /** The sink holds everything up to {@code index} and wants the rest in frames tagged {@code epoch}. */
    void onResume(long sinkEpoch, long index, long sinkCycleLayout, int sinkCycleMillis) {
        ackedIndex = index;
        if (failure != null || sinkEpoch == epoch)
            return;
        long layout = Frames.cycleLayout(rollCycle);
        if (sinkCycleLayout != layout || sinkCycleMillis != rollCycle.lengthInMillis()) {
            fail("queue '" + queue + "', " + sink + ": the replica's roll cycle lasts " + sinkCycleMillis
                    + " ms and puts cycle 1 at index " + Long.toHexString(sinkCycleLayout) + ", the source's ("
                    + rollCycle + ") " + rollCycle.lengthInMillis() + " ms and " + Long.toHexString(layout)
                    + ": a replica must use its source's roll cycle");
            return;
        }
        if (index < 0) {
            tailer.toStart();
        } else if (!tailer.moveToIndex(index)) {
            fail(missing(index));
            return;
        }
        // The sink's last document is sent again: the sink compares it, so a replica of another history is refused.
        epoch = sinkEpoch;
        resumed = false;
        resumes++;
        LOG.info("queue '{}', {}: sending from {}", queue, sink,
                index < 0 ? "the start" : "index " + Long.toHexString(index) + " on");
    }

    private String missing(long index) {
        String at = "queue '" + queue + "', " + sink + ": the replica's last index " + Long.toHexString(index)
                + " (cycle " + rollCycle.toCycle(index) + ", sequence " + rollCycle.toSequenceNumber(index) + ")";
        long first = tailer.queue().firstIndex();
        if (first != Long.MAX_VALUE && index < first)
            return at + " is older than the source's first, " + Long.toHexString(first)
                    + ": its cycles were deleted while the sink was away; rebuild the replica";
        return at + " is not in the source: the replica is ahead of or diverged from its source";
    }

    /** The sink holds every document up to {@code index}. */
    void onAck(long index) {
        ackedIndex = index;
    }

    private void fail(String why) {
        failure = why;
        tailer.toEnd(); // a link that sends no more must not keep retention from the source's old cycles
        LOG.error("Replication stopped for this sink: {}", why);
    }

    void close() {
        if (tailer != null)
            tailer.close();
        if (publisher != null)
            publisher.publication().close();
        else if (opener != null)
            opener.close();
    }
}
