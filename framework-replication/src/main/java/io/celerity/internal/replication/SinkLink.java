package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Publication;
import io.celerity.internal.chronicle.LastIndex;
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
    /**
     * How long the sink may acknowledge nothing new while the queue holds more than it acknowledged before it is asked
     * where it is: a frame sent just before its image was lost never arrives, and with nothing sent after it the sink
     * sees no gap to ask about.
     */
    static final long ACK_STALL_NS = 2_000_000_000L;
    private static final String REBUILD = ": its cycles were deleted while the sink was away; rebuild the replica";

    private final String queue;
    private final SinkEndpoint sink;
    private final RollCycle rollCycle;
    private final LinkWatch watch;
    private ExcerptTailer tailer;
    private PublicationOpener opener;
    private FramePublisher publisher; // null until the media driver made it
    private final long token;
    private final int host;
    private long epoch = Frames.NO_EPOCH;
    private boolean resumed;
    private boolean diverged; // the sink is to be told its last document is not ours
    private boolean stopped;
    private long lastHelloNs;
    private long limit = Long.MAX_VALUE;
    private long lastSent = -1;
    private long ackSeen = -1; // the acknowledgement seen last, and since when the sink has been answering nothing new
    private long unansweredSinceNs;
    private long endSeen = -1; // the queue's last index at the previous stall check
    private LastIndex queueEnd;
    private boolean atEnd;
    private volatile long ackedIndex = -1;
    private volatile long heldIndex = -1;
    private volatile String failure;
    private volatile long resumes; // written by the agent's thread only

    /** @param token the source's lease token (0: none); @param host the source's host index */
    SinkLink(String queue, SinkEndpoint sink, RollCycle rollCycle, long token, int host) {
        this.queue = queue;
        this.sink = sink;
        this.rollCycle = rollCycle;
        this.token = token;
        this.host = host;
        this.watch = new LinkWatch("queue '" + queue + "', " + sink + ": no connection to "
                + sink.data().channel() + " stream " + sink.data().streamId());
    }

    /**
     * On the agent's thread, before any work: Chronicle tailers belong to the thread that uses them; the publication is
     * made in the passes that follow, never blocking.
     */
    void open(ExcerptTailer tailer, Aeron aeron) {
        this.tailer = tailer;
        this.queueEnd = new LastIndex(tailer.queue()); // its own tailer, made on this thread at first use
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

    /**
     * The index the sink holds everything up to, as far as this source knows it to be this source's: acknowledged after
     * the sink compared its last document with this source's; -1 before. Any thread.
     */
    long heldIndex() {
        return heldIndex;
    }

    /** Sends no document after {@code index} (a gate: what a possible successor holds). Agent thread. */
    void limit(long index) {
        limit = index;
    }

    /** The gate: no document after this index is sent ({@link Long#MAX_VALUE}: none). Agent thread. */
    long limit() {
        return limit;
    }

    /** The index of the last document sent, -1 before any. Agent thread. */
    long lastSent() {
        return lastSent;
    }

    /** Whether the last pass found nothing more to send (gated or not). Agent thread. */
    boolean atEnd() {
        return atEnd;
    }

    /** Whether the sink is served in an epoch (resumed, not refused, not stopped). Agent thread. */
    boolean serving() {
        return resumed && failure == null && epoch != Frames.NO_EPOCH;
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
        if (stopped)
            return 0;
        // First of all: a running sink's RESUME may arrive, and set an epoch, before the driver made the publication.
        if (publisher == null) {
            ExclusivePublication publication = opener.poll(nowNs);
            if (publication == null) {
                watch.waiting(nowNs);
                return 0;
            }
            publisher = new FramePublisher(publication, token, host);
        }
        if (epoch == Frames.NO_EPOCH)
            return hello(nowNs);
        if (diverged)
            return tellDiverged();
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
        atEnd = false;
        while (sent < BATCH) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent()) {
                    atEnd = true;
                    break;
                }
                if (dc.index() > limit) {
                    dc.rollbackOnClose(); // gated: read it again once the gate has moved
                    atEnd = true;
                    break;
                }
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
                if (lastSent <= ackSeen)
                    unansweredSinceNs = nowNs; // the first document the sink has not acknowledged yet
                lastSent = dc.index();
                sent++;
            }
        }
        if (sent == 0 && ackStalled(nowNs))
            return askWhereTheSinkIs();
        return sent;
    }

    // The sink acknowledged nothing new for ACK_STALL_NS while this source held more for it: sent (a lost frame, a
    // publication that moves no further), or in the queue at the previous check already (a tailer stuck).
    private boolean ackStalled(long nowNs) {
        long acked = ackedIndex;
        if (acked != ackSeen) {
            ackSeen = acked;
            unansweredSinceNs = nowNs;
            return false;
        }
        if (nowNs - unansweredSinceNs <= ACK_STALL_NS)
            return false;
        unansweredSinceNs = nowNs; // the queue's end is looked at once per ACK_STALL_NS at most
        boolean stalled = lastSent > acked || Math.min(limit, endSeen) > acked;
        endSeen = queueEnd.get();
        return stalled;
    }

    // Hellos follow: the sink answers with where it is, in a new epoch, and the documents after that are sent again.
    private int askWhereTheSinkIs() {
        LOG.warn("queue '{}', {}: the sink acknowledged nothing after index {} for {} ms, while this source sent up to "
                        + "{} and holds up to {}; asking it where it is, to send again from there", queue, sink,
                Long.toHexString(ackSeen), ACK_STALL_NS / 1_000_000, Long.toHexString(lastSent),
                Long.toHexString(endSeen));
        epoch = Frames.NO_EPOCH;
        return 1;
    }

    private int tellDiverged() {
        long result = publisher.diverged(epoch);
        if (result < 0) {
            lost(result);
            return 0;
        }
        // Told: its place is forgotten, and hellos follow, so an emptied copy that comes back is served from the start.
        diverged = false;
        epoch = Frames.NO_EPOCH;
        return 1;
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
        if (stopped || sinkEpoch == epoch) {
            if (failure == null)
                ackedIndex = index;
            return;
        }
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
        } else if (!holds(index)) {
            String why = missing(index);
            if (why.endsWith(REBUILD)) {
                fail(why);
                return;
            }
            // The sink holds more than this source, or another history: it is told so, and may come back emptied.
            failure = why;
            tailer.toEnd();
            epoch = sinkEpoch;
            resumed = true;
            diverged = true;
            LOG.error("Replication refused for this sink until it comes back from another place: {}", why);
            return;
        }
        // The sink's last document is sent again: the sink compares it, so a replica of another history is refused.
        if (index < heldIndex)
            heldIndex = index; // rebuilt, or moved aside: it holds less now
        failure = null;
        diverged = false;
        ackedIndex = index; // only now: a claim this source does not hold must not count as a copy (acks)
        ackSeen = index;
        unansweredSinceNs = System.nanoTime(); // the sink's answers are awaited from its resume on
        epoch = sinkEpoch;
        resumed = false;
        resumes++;
        LOG.info("queue '{}', {}: sending from {}", queue, sink,
                index < 0 ? "the start" : "index " + Long.toHexString(index) + " on");
    }

    // moveToIndex also succeeds at the index after the last, where no document is yet: that is not the sink's.
    private boolean holds(long index) {
        if (!tailer.moveToIndex(index))
            return false;
        try (DocumentContext dc = tailer.readingDocument()) {
            boolean present = dc.isPresent() && dc.index() == index;
            dc.rollbackOnClose();
            return present;
        }
    }

    private String missing(long index) {
        String at = "queue '" + queue + "', " + sink + ": the replica's last index " + Long.toHexString(index)
                + " (cycle " + rollCycle.toCycle(index) + ", sequence " + rollCycle.toSequenceNumber(index) + ")";
        long first = tailer.queue().firstIndex();
        if (first != Long.MAX_VALUE && index < first)
            return at + " is older than the source's first, " + Long.toHexString(first)
                    + REBUILD;
        return at + " is not in the source: the replica is ahead of or diverged from its source";
    }

    /** The sink holds every document up to {@code index}; in {@code sinkEpoch} once it compared its last with ours. */
    void onAck(long sinkEpoch, long index) {
        if (failure == null)
            ackedIndex = index;
        if (sinkEpoch == epoch && sinkEpoch != Frames.NO_EPOCH && failure == null)
            heldIndex = index;
    }

    private void fail(String why) {
        failure = why;
        stopped = true;
        tailer.toEnd(); // a link that sends no more must not keep retention from the source's old cycles
        LOG.error("Replication stopped for this sink: {}", why);
    }

    void close() {
        if (tailer != null)
            tailer.close();
        if (queueEnd != null)
            queueEnd.close();
        if (publisher != null)
            publisher.publication().close();
        else if (opener != null)
            opener.close();
    }
}
