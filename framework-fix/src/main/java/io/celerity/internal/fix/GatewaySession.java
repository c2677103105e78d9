package io.celerity.internal.fix;

import uk.co.real_logic.artio.session.Session;

import java.util.HashMap;
import java.util.Map;

/**
 * One configured FIX session's state in its gateway: the Artio session while this gateway's library holds it, the last
 * inbound message written to the queue (its restart point, taken from the queue), and counters for status.
 */
final class GatewaySession {

    final FixSessionConfig config;
    final int slot;          // its place in the gateway's SentMessageJournal
    SentMessageJournal journal;
    JournalCopy copy;        // a highly available gateway's journal on a copied queue, else null
    long copiedKey = -1;     // the sequence index and MsgSeqNum of the last message recorded there
    boolean awaitingReplicas; // the next message waits for its journal record's replicas
    OutboundCursor cursor;   // its place in the outbound queue
    boolean resumed;         // its first acquisition in this process caught Artio and the cursor up with the journal
    Session artio;           // null while no connection of it is held
    int inSequenceIndex;     // Artio's sequence index (raised on a sequence reset) of the last message written
    int lastInSeqNum;        // MsgSeqNum of the last inbound message written to the queue; 0 for none
    InboundMarks marks;      // the gateway's marks of the last inbound message handled per session
    int seenSequenceIndex;   // Artio's sequence index of the last message of any type handled in order
    int lastSeenSeqNum;      // its MsgSeqNum; from the marks at start, for a gateway without a standby
    int recoverNext;         // while recovering (InboundRecovery): the MsgSeqNum to take next; 0 otherwise
    int recoverSequenceIndex; // the sequence index it recovers in
    int logonSeqNum;         // the MsgSeqNum of the Logon the engine took before handing the session over; 0: none
    int logonSequenceIndex;  // its sequence index
    boolean recoveryAsked;   // its ResendRequest went out
    final Map<Integer, InboundRecovery.Held> held = new HashMap<>(); // while recovering: messages that came before their turn
    long received;           // application messages written
    long duplicates;         // resends of messages already written, dropped
    long rejected;           // answered with Reject or BusinessMessageReject
    long sent;               // application messages sent
    long lastReceivedNanos;  // wall clock of the last message of any type, heartbeats included

    GatewaySession(FixSessionConfig config, int slot) {
        this.config = config;
        this.slot = slot;
    }

    /**
     * Hands {@code message}, the {@code ordinal}th of outbound event {@code event}, to Artio, noting it in the journal
     * first (see SentMessageJournal); false when back-pressured.
     */
    boolean trySend(uk.co.real_logic.artio.builder.Encoder message, long event, int ordinal) {
        int sequenceIndex = artio.sequenceIndex();
        int msgSeqNum = artio.lastSentMsgSeqNum() + 1;
        journal.sending(slot, sequenceIndex, msgSeqNum, event, ordinal);
        awaitingReplicas = copy != null && !copy.noted(this, sequenceIndex, msgSeqNum, event, ordinal);
        if (awaitingReplicas)
            return false; // its replicas do not hold it yet: again later, as after back pressure
        return artio.trySend(message) >= 0;
    }

    /**
     * Notes the messages Artio sent itself since the last one noted (heartbeats, resend requests, logons), so a restart
     * or a standby does not count fewer than went out; after each poll of the library.
     */
    void noteArtioSent() {
        if (artio == null)
            return;
        int sequenceIndex = artio.sequenceIndex();
        int sent = artio.lastSentMsgSeqNum();
        if (sent > journal.mayHaveSent(slot, sequenceIndex)) {
            journal.sending(slot, sequenceIndex, sent, SentMessageJournal.NO_EVENT, 0);
            if (copy != null)
                copy.noted(this, sequenceIndex, sent, SentMessageJournal.NO_EVENT, 0);
        }
    }

    /** The message-history index of inbound message {@code seqNum} of sequence {@code sequenceIndex}. */
    static long historyIndex(int sequenceIndex, int seqNum) {
        return ((long) sequenceIndex << 32) | (seqNum & 0xFFFF_FFFFL);
    }

    /** Notes the restart point read back from the inbound queue's message history. */
    void writtenBefore(long historyIndex) {
        inSequenceIndex = (int) (historyIndex >>> 32);
        lastInSeqNum = (int) historyIndex;
    }

    /** Whether inbound message {@code seqNum} of {@code sequenceIndex} is already on the queue. */
    boolean alreadyWritten(int sequenceIndex, int seqNum) {
        return sequenceIndex < inSequenceIndex || (sequenceIndex == inSequenceIndex && seqNum <= lastInSeqNum);
    }

    void written(int sequenceIndex, int seqNum) {
        inSequenceIndex = sequenceIndex;
        lastInSeqNum = seqNum;
        received++;
    }

    /**
     * Notes inbound message {@code msgSeqNum}, of any type, handled: written, rejected or left to Artio. Only one next
     * to what was handled or written: Artio takes a ResendRequest that comes past a gap, and a duplicate adds nothing.
     */
    void handled(int sequenceIndex, int msgSeqNum) {
        int written = sequenceIndex == inSequenceIndex ? lastInSeqNum : 0;
        if (msgSeqNum <= lastSeen(sequenceIndex) || msgSeqNum > Math.max(lastSeen(sequenceIndex), written) + 1)
            return;
        seenSequenceIndex = sequenceIndex;
        lastSeenSeqNum = msgSeqNum;
        marks.handled(slot, sequenceIndex, msgSeqNum);
    }

    /** Takes the last message handled from the marks, as a restart of a gateway without a standby does. */
    void resumeHandled() {
        seenSequenceIndex = marks.sequenceIndex(slot);
        lastSeenSeqNum = marks.msgSeqNum(slot);
    }

    /** The MsgSeqNum of the last message of sequence {@code sequenceIndex} handled in order; 0 for none. */
    int lastSeen(int sequenceIndex) {
        return sequenceIndex == seenSequenceIndex ? lastSeenSeqNum : 0;
    }

    boolean loggedOn() {
        return artio != null && artio.isActive();
    }
}
