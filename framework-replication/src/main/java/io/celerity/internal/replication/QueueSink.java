package io.celerity.internal.replication;

import io.aeron.Aeron;
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

    private final String name;
    private final SingleChronicleQueue queue;
    private final Aeron aeron;
    private final int sinkId;
    private final Endpoint data;
    private final SinkControl control;
    private final SinkAcks acks;
    private final boolean syncBeforeAck;
    private final SinkResume resume = new SinkResume();
    private final AppendRetry retry = new AppendRetry();
    private final FragmentAssembler assembler = new FragmentAssembler(this::onData, 0, true);
    private Subscription subscription;
    private String hosts = "";
    private ReplicaWriter writer;
    private LinkWatch watch;
    // The source's resend of the replica's last document matched (or the replica was empty): acks say this epoch.
    private boolean verified;
    private long sourceToken;
    private volatile long lastIndex = -1;
    private volatile long held;
    private int resumes;
    private volatile int resumesSeen;
    private volatile ReplicaDivergenceException divergence;

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
        this.control = new SinkControl(aeron, sinkId, queue.rollCycle(), follows ? controls : null,
                controls[sourceHost], sourceHost);
        this.acks = new SinkAcks(ack);
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
        String link = "queue '" + name + "', sink " + sinkId + hosts;
        writer = new ReplicaWriter(name, queue);
        lastIndex = writer.lastIndex();
        try {
            subscription = aeron.addSubscription(data.channel(), data.streamId());
        } catch (RegistrationException e) {
            throw new IllegalStateException(link + ": cannot receive on " + data.channel() + " stream "
                    + data.streamId() + " (this host's address and port under hosts): " + e.getMessage(), e);
        }
        control.start(link);
        Endpoint source = control.endpoint();
        watch = new LinkWatch(link + ": no answer from the source (its control at " + source.channel() + " stream "
                + source.streamId() + ", this sink's data at " + data.channel() + " stream " + data.streamId() + ")");
        newEpoch();
    }

    @Override
    public int doWork() {
        if (divergence != null || control.reports() == null && !openReports())
            return 0;
        if (retry.pending()) {
            // The frames still in the image follow the one lost: resent, in a new epoch, from the replica's last.
            if (!retry.due(System.nanoTime()))
                return 0;
            newEpoch();
        }
        int work = subscription.poll(assembler, FRAGMENTS);
        SinkReports reports = control.reports();
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
        if (resume.awaited())
            work += askToResume(reports, last, now);
        long ackEpoch = verified ? resume.epoch() : Frames.NO_EPOCH;
        if (acks.due(ackEpoch, last, now)) {
            if (syncBeforeAck)
                writer.sync();
            work += acks.send(reports, ackEpoch, last, now);
        }
        return work;
    }

    private boolean openReports() {
        long now = System.nanoTime();
        if (!control.open(now)) {
            watch.waiting(now);
            return false;
        }
        resume.waitFrom(now); // the wait for an answer starts with the first resume sent
        return true;
    }

    // Unanswered yet: ask again every so often, and in a new epoch once the answer is overdue.
    private int askToResume(SinkReports reports, long last, long now) {
        watch.waiting(now);
        if (resume.overdue(now))
            newEpoch();
        if (!resume.askDue(now) || !reports.resume(resume.epoch(), last))
            return 0;
        resume.asked(now);
        return 1;
    }

    private void onData(DirectBuffer buffer, int offset, int length, Header header) {
        if (length < Frames.DATA_HEADER || divergence != null || retry.pending())
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
            if (resume.awaited())
                resume.askNow(System.nanoTime());
            else
                newEpoch();
            return;
        }
        if (!resume.current(buffer.getLong(offset + Frames.DATA_EPOCH, Frames.ORDER)))
            return;
        if (resume.answered()) {
            watch.heard();
            if (writer.lastIndex() >= 0)
                resumes++;
        }
        if (index == Frames.RESUMED)
            verified |= writer.lastIndex() < 0; // nothing to compare
        else if (index == Frames.DIVERGED)
            stop(writer.lastUnknownToSource(control.host(), sourceToken));
        else
            write(index, buffer, offset, length);
    }

    // A document of this epoch: appended if it is the replica's next, compared if held; a gap asks for a resend.
    private void write(long index, DirectBuffer buffer, int offset, int length) {
        // Term buffers and the assembler's (direct) are off-heap: the address is the document's own.
        int result;
        try {
            result = writer.write(index, buffer.addressOffset() + offset + Frames.DATA_HEADER,
                    length - Frames.DATA_HEADER);
        } catch (ReplicaDivergenceException e) {
            // Caught here: Aeron hands a handler's exceptions to its error handler and polls on.
            stop(e);
            return;
        } catch (Exception | InternalError e) {
            // Caught too, or Aeron would drop the frame and, with nothing after it, nobody would ask for it again.
            // Chronicle rethrows I/O errors unchecked; a mapped page the disk has no room for faults as InternalError.
            if (retry.failed(System.nanoTime()))
                LOG.error("queue '{}' ({}): cannot append to the replica after index {}: {}; trying again every "
                        + "second, from there", name, queue.file(), Long.toHexString(writer.lastIndex()), e.toString(),
                        e);
            return;
        }
        if (result == ReplicaWriter.APPENDED) {
            acks.appended();
            if (retry.appended())
                LOG.info("queue '{}': appending to the replica again", name);
        }
        else if (result == ReplicaWriter.GAP)
            newEpoch();
        if (result != ReplicaWriter.GAP)
            verified = true;
    }

    // The replica differs from its source: nothing more is written to it, and the source is let go in the next pass.
    private void stop(ReplicaDivergenceException e) {
        divergence = e;
        LOG.error("Replication stopped: {}", e.getMessage());
    }

    // A source with a later lease: from now on only its frames count, and resumes and acks go to its host.
    private void follow(long token, int host) {
        if (control.moveTo(host))
            LOG.info("queue '{}', sink {}: following the source on host {} (lease token {}) at {} stream {}", name,
                    sinkId, host, token, control.endpoint().channel(), control.endpoint().streamId());
        sourceToken = token;
        verified = false;
        newEpoch();
    }

    private void newEpoch() {
        // A resume tells the source what this sink holds, which counts as an acknowledgement: synced first, if asked.
        if (syncBeforeAck)
            writer.sync();
        resume.next(System.nanoTime());
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
        return control.host();
    }

    /** Why replication stopped (the replica differs from its source), or null. Any thread. */
    public ReplicaDivergenceException divergence() {
        return divergence;
    }

    @Override
    public void onClose() {
        control.abandonOpening();
        CloseHelper.closeAll(subscription, control.reports(), writer);
    }

    @Override
    public String roleName() {
        return "replication-sink-" + name;
    }
}
