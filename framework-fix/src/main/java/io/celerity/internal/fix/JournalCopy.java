package io.celerity.internal.fix;

import io.celerity.extension.ReplicaAcks;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;

import java.util.Arrays;
import java.util.List;

/**
 * A highly available gateway's {@link SentMessageJournal} on a queue copied to its standby: the primary appends a
 * record for every message before it goes out, and sends an outbound event's message only once {@code replicas}
 * replicas hold the record (and the event) of the message {@link #WINDOW} before it; the standby applies the records
 * of its copy to its own journal, so on taking over it counts past the last message that may have gone out and
 * resends from the outbound queue as a restarted gateway does. One record: the session's source id, Artio's sequence index, the MsgSeqNum, the event's
 * index (or {@link SentMessageJournal#NO_EVENT}) and the message's ordinal in it. Loop thread only.
 */
final class JournalCopy implements AutoCloseable {

    /** How many messages may go out before the replicas hold their records; under the takeover's margin. */
    static final int WINDOW = 32;

    private final ChronicleQueue queue;
    private final List<GatewaySession> sessions;
    private final ReplicaAcks journalAcks;
    private final ReplicaAcks outboundAcks; // null where the outbound queue is not written on this host
    private final int replicas;
    // Per session, the last WINDOW records: the MsgSeqNum each noted, its index on the queue, its outbound event.
    private final int[] windowSeq;
    private final long[] windowRecord;
    private final long[] windowEvent;
    private ExcerptAppender appender;
    private ExcerptTailer follower;

    /**
     * @param journalAcks  the acknowledgements of the journal queue's replicas on this host
     * @param outboundAcks those of the outbound queue's, where it is written on this host; else null
     * @param replicas     how many replicas hold a record and its event before the message goes out; 0: none wait
     */
    JournalCopy(ChronicleQueue queue, List<GatewaySession> sessions, ReplicaAcks journalAcks, ReplicaAcks outboundAcks,
                int replicas) {
        this.queue = queue;
        this.sessions = sessions;
        this.journalAcks = journalAcks;
        this.outboundAcks = outboundAcks;
        this.replicas = replicas;
        this.windowSeq = new int[sessions.size() * WINDOW];
        this.windowRecord = new long[sessions.size() * WINDOW];
        this.windowEvent = new long[sessions.size() * WINDOW];
        Arrays.fill(windowSeq, -1); // none noted yet
    }

    /** On the loop thread: appenders and tailers are a thread's. */
    void onStart() {
        appender = queue.createAppender();
        follower = queue.createTailer();
    }

    /**
     * Records that {@code session} may put message {@code msgSeqNum} on the wire (once: a retry of the same message
     * appends nothing), and says whether it may go out now: an event's message once the record and event of the
     * message {@link #WINDOW} before it are replicated; any other message (a Reject) at once.
     */
    boolean noted(GatewaySession session, int sequenceIndex, int msgSeqNum, long event, int ordinal) {
        long key = GatewaySession.historyIndex(sequenceIndex, msgSeqNum);
        if (key != session.copiedKey) {
            append(session, sequenceIndex, msgSeqNum, event, ordinal);
            session.copiedKey = key;
        }
        if (event == SentMessageJournal.NO_EVENT || replicas == 0)
            return true;
        // Up to WINDOW messages may be out ahead of their records' replicas: the standby counts past them
        // (FixGateway.TAKEOVER_SEQUENCE_MARGIN) and marks what it sends again PossResend; waiting for each one's
        // acknowledgement would send one message per replication round trip.
        int at = slot(session, msgSeqNum - WINDOW);
        return windowSeq[at] != msgSeqNum - WINDOW
                || (journalAcks.replicated(windowRecord[at], replicas)
                && (outboundAcks == null || windowEvent[at] == SentMessageJournal.NO_EVENT
                || outboundAcks.replicated(windowEvent[at], replicas)));
    }

    private void append(GatewaySession session, int sequenceIndex, int msgSeqNum, long event, int ordinal) {
        try (DocumentContext dc = appender.writingDocument()) {
            Bytes<?> bytes = dc.wire().bytes();
            bytes.writeInt(session.config.sourceId()).writeInt(sequenceIndex).writeInt(msgSeqNum).writeLong(event)
                    .writeInt(ordinal);
        }
        int at = slot(session, msgSeqNum);
        windowSeq[at] = msgSeqNum;
        windowRecord[at] = appender.lastIndexAppended();
        windowEvent[at] = event;
    }

    private static int slot(GatewaySession session, int msgSeqNum) {
        return session.slot * WINDOW + (msgSeqNum & (WINDOW - 1));
    }

    /** Applies up to {@code limit} records of this host's copy to the local journal; returns how many. */
    int follow(SentMessageJournal journal, int limit) {
        int n = 0;
        while (n < limit) {
            try (DocumentContext dc = follower.readingDocument()) {
                if (!dc.isPresent())
                    return n;
                Bytes<?> bytes = dc.wire().bytes();
                GatewaySession session = bySource(bytes.readInt());
                int sequenceIndex = bytes.readInt();
                int msgSeqNum = bytes.readInt();
                long event = bytes.readLong();
                int ordinal = bytes.readInt();
                if (session != null)
                    journal.sending(session.slot, sequenceIndex, msgSeqNum, event, ordinal);
                n++;
            }
        }
        return n;
    }

    /** Applies every record of this host's copy; once it took over, the copy is complete. */
    void catchUp(SentMessageJournal journal) {
        while (follow(journal, 1_000) > 0)
            Thread.onSpinWait();
    }

    private GatewaySession bySource(int sourceId) {
        for (GatewaySession s : sessions) // a loop, not a map: a handful of sessions, no boxing
            if (s.config.sourceId() == sourceId)
                return s;
        return null;
    }

    @Override
    public void close() {
        if (follower != null)
            follower.close();
        if (appender != null)
            appender.close();
    }
}
