package io.celerity.internal.replication;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.exceptions.RegistrationException;
import io.aeron.logbuffer.Header;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives a queue from its source and appends each document at the index it has there, so the replica is the same
 * queue; tells the source where to resume and acknowledges what it holds. An {@link Agent}: run it on an event loop
 * or an {@link org.agrona.concurrent.AgentRunner}. Nothing else may write to the replica.
 */
public final class QueueSink implements Agent {

    private static final Logger LOG = LoggerFactory.getLogger(QueueSink.class);
    private static final int FRAGMENTS = 64;
    private static final long RESUME_INTERVAL_NS = 20_000_000;
    // A source answers a resume at once, but Aeron starts a new receiver's image where the sender is when it joins:
    // frames sent just before (a restarted sink, a source still counting the old sink's publication connected) never
    // arrive, and with nothing written after them no gap shows it. Unanswered this long, ask again in a new epoch;
    // each frame of an older epoch that arrives meanwhile (a backlog still draining) restarts the wait.
    private static final long RESUME_ANSWER_NS = 1_000_000_000;
    // Each epoch unanswered doubles the wait for the next, so a slow link is not asked to start over for ever.
    private static final long RESUME_ANSWER_MAX_NS = 8_000_000_000L;
    // After a failed append (a full disk): time for it to clear before the source is asked to resend.
    private static final long WRITE_RETRY_NS = 1_000_000_000L;

    private final String name;
    private final SingleChronicleQueue queue;
    private final Aeron aeron;
    private final int sinkId;
    private final Endpoint data;
    private Endpoint control;
    private final Endpoint[] controls; // by host index, to follow a highly available queue's source; null: fixed
    private final int ackEvery;
    private final long ackIntervalNs;
    private final boolean syncBeforeAck;
    private final FragmentAssembler assembler = new FragmentAssembler(this::onData, 0, true);
    private Subscription subscription;
    private String hosts = "";
    private String link; // the queue, this sink and its hosts, for what it logs
    private PublicationOpener controlOpener;
    private SinkReports reports; // null until the media driver made the control publication
    private ReplicaWriter writer;
    private LinkWatch watch;
    // A new epoch per resume: frames sent before the source moved to the sink's place are told apart and dropped;
    // odd, so never NO_EPOCH.
    private long epoch = System.nanoTime() | 1;
    private boolean resuming;
    private long lastResumeNs;
    private long epochStartNs;
    private long answerWaitNs = RESUME_ANSWER_NS;
    private boolean olderFrames; // a frame of an older epoch arrived while resuming: the link moves, the answer follows
    private long ackedIndex = Long.MIN_VALUE;
    private long ackedEpoch = Frames.NO_EPOCH;
    // The source's resend of the replica's last document matched (or the replica was empty): acks say this epoch.
    private boolean verified;
    private long sourceToken;
    private volatile int sourceHost;
    private int unacked;
    private long lastAckNs;
    private volatile long lastIndex = -1;
    private volatile long held;
    private int resumes;
    private volatile int resumesSeen;
    private volatile ReplicaDivergenceException divergence;
    private boolean writeFailed; // since the last document appended; logged once
    private long retryWriteAtNs;

    /**
     * @param name     the queue's name, for errors
     * @param queue    the replica, with its source's roll cycle
     * @param sinkId   this sink's number at the source
     * @param data     where this sink receives the documents
     * @param control  where the source receives resumes and acknowledgements
     * @param ack      when to acknowledge
     */
    public QueueSink(String name, SingleChronicleQueue queue, Aeron aeron, int sinkId, Endpoint data, Endpoint control,
                     AckPolicy ack) {
        this(name, queue, aeron, sinkId, data, new Endpoint[]{control}, 0, ack, false);
    }

    /**
     * A sink of a highly available queue: it follows the source with the highest lease token it hears, sending its
     * control frames to that source's host.
     *
     * @param controls   each host's control endpoint for this queue, by host index
     * @param sourceHost the index of the host to follow until a source with a lease says otherwise
     */
    public QueueSink(String name, SingleChronicleQueue queue, Aeron aeron, int sinkId, Endpoint data, Endpoint[] controls,
                     int sourceHost, AckPolicy ack) {
        this(name, queue, aeron, sinkId, data, controls.clone(), sourceHost, ack, true);
    }

    private QueueSink(String name, SingleChronicleQueue queue, Aeron aeron, int sinkId, Endpoint data,
                      Endpoint[] controls, int sourceHost, AckPolicy ack, boolean follows) {
        this.name = name;
        this.queue = queue;
        this.aeron = aeron;
        this.sinkId = sinkId;
        this.data = data;
        this.controls = follows ? controls : null;
        this.control = controls[sourceHost];
        this.sourceHost = sourceHost;
        this.ackEvery = ack.every();
        this.ackIntervalNs = ack.interval().toNanos();
        this.syncBeforeAck = ack.sync();
    }

    /** Names the hosts in what this sink logs; returns this sink. */
    QueueSink between(String sourceHost, String sinkHost) {
        hosts = " (host " + sinkHost + "), copied from host " + sourceHost;
        return this;
    }

    /**
     * Opens the subscription and, on the agent's thread, the replica's appender; the control publication is made in the
     * passes that follow, never blocking, so a source address that does not resolve does not stop the host's start.
     */
    @Override
    public void onStart() {
        link = "queue '" + name + "', sink " + sinkId + hosts;
        writer = new ReplicaWriter(name, queue);
        lastIndex = writer.lastIndex();
        try {
            subscription = aeron.addSubscription(data.channel(), data.streamId());
        } catch (RegistrationException e) {
            throw new IllegalStateException(link + ": cannot receive on " + data.channel() + " stream "
                    + data.streamId() + " (this host's address and port under hosts): " + e.getMessage(), e);
        }
        controlOpener = new PublicationOpener(aeron, control, link, "source", "nothing is copied here meanwhile");
        watch = new LinkWatch(link + ": no answer from the source (its control at " + control.channel() + " stream "
                + control.streamId() + ", this sink's data at " + data.channel() + " stream " + data.streamId() + ")");
        newEpoch();
    }

    @Override
    public int doWork() {
        if (divergence != null || reports == null && !openReports())
            return 0;
        if (retryWriteAtNs != 0) {
            // The frames still in the image follow the one lost: resent, in a new epoch, from the replica's last.
            if (System.nanoTime() - retryWriteAtNs < 0)
                return 0;
            retryWriteAtNs = 0;
            newEpoch();
        }
        int work = subscription.poll(assembler, FRAGMENTS);
        if (reports == null)
            return work; // it heard a new source: its control publication is made in the next passes
        if (divergence != null) {
            // Unsubscribed, the source sees the sink gone and stops sending, rather than push against a full window.
            CloseHelper.closeAll(subscription, reports);
            return work;
        }
        long last = writer.lastIndex();
        if (work > 0) {
            lastIndex = last;
            held = writer.alreadyHeld();
            resumesSeen = resumes;
        }
        long now = System.nanoTime();
        if (resuming) {
            watch.waiting(now);
            if (olderFrames) {
                olderFrames = false;
                epochStartNs = now;
            }
            if (now - epochStartNs >= answerWaitNs) {
                answerWaitNs = Math.min(2 * answerWaitNs, RESUME_ANSWER_MAX_NS);
                newEpoch();
            }
            if (now - lastResumeNs >= RESUME_INTERVAL_NS && reports.resume(epoch, last)) {
                lastResumeNs = now;
                work++;
            }
        }
        long ackEpoch = verified ? epoch : Frames.NO_EPOCH;
        if ((last > ackedIndex || ackEpoch != ackedEpoch) && (unacked >= ackEvery || now - lastAckNs >= ackIntervalNs))
            work += acknowledge(ackEpoch, last, now);
        return work;
    }

    private boolean openReports() {
        long now = System.nanoTime();
        ExclusivePublication publication = controlOpener.poll(now);
        if (publication == null) {
            watch.waiting(now);
            return false;
        }
        reports = new SinkReports(publication, sinkId, queue.rollCycle());
        epochStartNs = now; // the wait for an answer starts with the first resume sent
        return true;
    }

    private int acknowledge(long ackEpoch, long last, long now) {
        if (syncBeforeAck)
            writer.sync();
        if (!reports.ack(ackEpoch, last))
            return 0;
        ackedIndex = last;
        ackedEpoch = ackEpoch;
        unacked = 0;
        lastAckNs = now;
        return 1;
    }

    private void onData(DirectBuffer buffer, int offset, int length, Header header) {
        if (length < Frames.DATA_HEADER || divergence != null || retryWriteAtNs != 0)
            return;
        long index = buffer.getLong(offset + Frames.DATA_INDEX, Frames.ORDER);
        long token = buffer.getLong(offset + Frames.DATA_TOKEN, Frames.ORDER);
        if (token < sourceToken)
            return; // a source whose lease has since gone to another host
        if (token > sourceToken) {
            follow(token, buffer.getInt(offset + Frames.DATA_HOST, Frames.ORDER));
            return;
        }
        if (index == Frames.HELLO) {
            // The source lost its place (it restarted, or lost us): tell it ours again.
            if (resuming)
                lastResumeNs = System.nanoTime() - RESUME_INTERVAL_NS;
            else
                newEpoch();
            return;
        }
        if (buffer.getLong(offset + Frames.DATA_EPOCH, Frames.ORDER) != epoch) {
            if (resuming)
                olderFrames = true;
            return;
        }
        if (resuming) {
            resuming = false;
            answerWaitNs = RESUME_ANSWER_NS;
            watch.heard();
            if (writer.lastIndex() >= 0)
                resumes++;
        }
        if (index == Frames.RESUMED) {
            verified |= writer.lastIndex() < 0; // nothing to compare
            return;
        }
        if (index == Frames.DIVERGED) {
            divergence = new ReplicaDivergenceException("queue '" + name + "' (" + queue.file() + "): the source (host "
                    + sourceHost + ", lease token " + sourceToken + ") has no document at the replica's last index "
                    + Long.toHexString(writer.lastIndex()) + ": the replica holds documents its source never had, or "
                    + "another history; replication stopped, the replica is left as it is", writer.lastIndex());
            LOG.error("Replication stopped: {}", divergence.getMessage());
            return;
        }
        // Term buffers and the assembler's (direct) are off-heap: the address is the document's own.
        int result;
        try {
            result = writer.write(index, buffer.addressOffset() + offset + Frames.DATA_HEADER,
                    length - Frames.DATA_HEADER);
        } catch (ReplicaDivergenceException e) {
            // Caught here: Aeron hands a handler's exceptions to its error handler and polls on.
            divergence = e;
            LOG.error("Replication stopped: {}", e.getMessage());
            return;
        } catch (Exception | InternalError e) {
            // Caught too, or Aeron would drop the frame and, with nothing after it, nobody would ask for it again.
            // Chronicle rethrows I/O errors unchecked; a mapped page the disk has no room for faults as InternalError.
            writeFailed(e);
            return;
        }
        if (result == ReplicaWriter.APPENDED) {
            unacked++;
            if (writeFailed) {
                writeFailed = false;
                LOG.info("queue '{}': appending to the replica again", name);
            }
        }
        else if (result == ReplicaWriter.GAP)
            newEpoch();
        if (result != ReplicaWriter.GAP)
            verified = true;
    }

    // A source with a later lease: from now on only its frames count, and resumes and acks go to its host.
    private void follow(long token, int host) {
        if (controls != null && host >= 0 && host < controls.length && host != sourceHost) {
            // Made in the passes that follow, never blocking: an endpoint that does not resolve is retried and said.
            CloseHelper.close(reports);
            controlOpener.close();
            reports = null;
            control = controls[host];
            sourceHost = host;
            controlOpener = new PublicationOpener(aeron, control, link, "source on host " + host,
                    "nothing is copied here meanwhile");
            LOG.info("queue '{}', sink {}: following the source on host {} (lease token {}) at {} stream {}", name,
                    sinkId, host, token, control.channel(), control.streamId());
        }
        sourceToken = token;
        verified = false;
        newEpoch();
    }

    private void writeFailed(Throwable e) {
        retryWriteAtNs = (System.nanoTime() + WRITE_RETRY_NS) | 1; // never 0: that means no retry due
        if (writeFailed)
            return;
        writeFailed = true;
        LOG.error("queue '{}' ({}): cannot append to the replica after index {}: {}; trying again every second, from "
                + "there", name, queue.file(), Long.toHexString(writer.lastIndex()), e.toString(), e);
    }

    private void newEpoch() {
        // A resume tells the source what this sink holds, which counts as an acknowledgement: synced first, if asked.
        if (syncBeforeAck)
            writer.sync();
        epoch += 2;
        resuming = true;
        olderFrames = false;
        epochStartNs = System.nanoTime();
        lastResumeNs = epochStartNs - RESUME_INTERVAL_NS;
    }

    /** The replica's last index, -1 when it is empty. Any thread. */
    public long lastIndex() {
        return lastIndex;
    }

    /** How many documents this sink received that it already held: resends, at least the last one per resume. */
    public long documentsHeld() {
        return held;
    }

    /** How many times the source moved to this sink's last document (so not counting the start of an empty replica). */
    public int resumes() {
        return resumesSeen;
    }

    /** The index, under {@code hosts}, of the host this sink follows. Any thread. */
    public int sourceHost() {
        return sourceHost;
    }

    /** Why replication stopped (the replica differs from its source), or null. Any thread. */
    public ReplicaDivergenceException divergence() {
        return divergence;
    }

    @Override
    public void onClose() {
        if (reports == null && controlOpener != null)
            controlOpener.close();
        CloseHelper.closeAll(subscription, reports, writer);
    }

    @Override
    public String roleName() {
        return "replication-sink-" + name;
    }
}
