package io.celerity.internal.fix;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.builder.AbstractResendRequestEncoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;

/**
 * Asks the counterparty again for what Artio counted received but the inbound queue lacks, as the FIX session protocol
 * has it: the counterparty is the store of what it sent. After a kill Artio's archive can miss messages its index
 * counts (the indexer runs ahead of the archive's recorder), so Artio's own catch-up replay cannot be trusted; a
 * ResendRequest from the first missing MsgSeqNum, open-ended, brings them back as possible duplicates. Until they
 * came, the session takes messages strictly in MsgSeqNum order, so the queue stays in order and its last message
 * remains the restart point: one sent meanwhile out of turn is dropped, and comes again within the resend.
 */
final class InboundRecovery {

    private static final Logger LOG = LoggerFactory.getLogger(InboundRecovery.class);
    private static final int NEW_SEQ_NO = 36;
    private static final int MAX_HELD = 100_000;

    private final AbstractResendRequestEncoder resendRequest;

    InboundRecovery(FixDictionary dictionary) {
        this.resendRequest = dictionary.makeResendRequestEncoder();
    }

    /** On taking a session: whether Artio counted messages received that this gateway has not seen, and from where. */
    void onAcquired(GatewaySession s) {
        int sequence = s.artio.sequenceIndex();
        onSequence(s, sequence);
        int seen = Math.max(s.lastSeen(sequence), sequence != s.inSequenceIndex ? 0 // a new sequence: none written
                : Math.max(s.lastInSeqNum, s.recoverNext - 1));
        int counted = s.artio.lastReceivedMsgSeqNum();
        // Artio counted the counterparty's Logon only where its engine took it before handing the session over (an
        // accepted session taken offline at start, or as its connection is handed over, and an initiated one have not);
        // the one message allowed for it must be that Logon, not one the engine took in the library's absence.
        int logon = s.logonSeqNum == seen + 1 && s.logonSequenceIndex == sequence && s.artio.isActive() ? 1 : 0;
        s.logonSeqNum = 0;
        if (seen + logon < counted) {
            s.recoverNext = seen + 1;
            s.recoverSequenceIndex = sequence;
            s.recoveryAsked = false;
            LOG.warn("fix session '{}': Artio counted {} received, the gateway handled up to {}; asking again from {}",
                    s.config.name(), counted, seen, seen + 1);
        } else if (s.recoverNext == 0) {
            s.handled(sequence, counted); // the engine's Logon, which the library is not handed
        }
    }

    /**
     * Ends a recovery when the session's sequence is no longer the one it recovers in: the counterparty reset its
     * sequence (a Logon with ResetSeqNumFlag), so what was asked for will not come, and the new sequence's messages
     * must not be taken for duplicates.
     */
    void onSequence(GatewaySession s, int sequenceIndex) {
        if (s.recoverNext == 0 || sequenceIndex == s.recoverSequenceIndex)
            return;
        LOG.error("fix session '{}': the counterparty reset its sequence; messages from {} of the sequence before were "
                + "never received", s.config.name(), s.recoverNext);
        s.recoverNext = 0;
        s.held.clear();
    }

    /** Sends a session's pending ResendRequest once it is logged on; returns 1 when it did. */
    int poll(GatewaySession s) {
        if (s.recoverNext == 0 || s.recoveryAsked || !s.loggedOn())
            return 0;
        resendRequest.beginSeqNo(s.recoverNext).endSeqNo(0);
        if (s.artio.trySend(resendRequest) < 0)
            return 0; // back-pressured: again next time
        s.recoveryAsked = true;
        return 1;
    }

    /** A message that came before its turn while recovering: a copy, kept until its turn. */
    record Held(UnsafeBuffer buffer, int sequenceIndex, long messageType) {
    }

    /**
     * While the session recovers, whether message {@code header} is the next in MsgSeqNum order and an application
     * message to take; advances the order, and keeps a message that came before its turn. Recovery ends with a live
     * (not possible duplicate) application message in turn once the ResendRequest went out and nothing is kept.
     */
    boolean inTurn(GatewaySession s, HeaderFields header, DirectBuffer buffer, int offset, int length,
                   int sequenceIndex, long messageType) {
        int seqNum = header.msgSeqNum;
        if (seqNum > s.recoverNext && !s.held.containsKey(seqNum)) { // sent meanwhile: a copy, only while recovering
            UnsafeBuffer copy = new UnsafeBuffer(new byte[length]);
            copy.putBytes(0, buffer, offset, length);
            s.held.put(seqNum, new Held(copy, sequenceIndex, messageType));
            if (s.held.size() > MAX_HELD) { // the counterparty does not resend: take what came, in order
                LOG.error("fix session '{}': messages from {} did not come again; taking the {} kept since, in order",
                        s.config.name(), s.recoverNext, s.held.size());
                s.recoverNext = 0;
                return false;
            }
        }
        if (seqNum != s.recoverNext)
            return false; // a duplicate, or kept for its turn
        if (header.isSequenceReset(buffer)) {
            s.recoverNext = HeaderFields.intField(buffer, offset, length, NEW_SEQ_NO);
            s.held.keySet().removeIf(held -> held < s.recoverNext); // filled: they will not be taken
            return false;
        }
        boolean admin = header.isAdmin(buffer);
        if (!admin && !header.possDup && s.recoveryAsked && s.held.isEmpty()) {
            s.recoverNext = 0;
            LOG.info("fix session '{}': recovered up to {}", s.config.name(), seqNum - 1);
        } else {
            s.recoverNext = seqNum + 1;
        }
        return !admin;
    }

    /** The kept message whose turn it is now, taken out; null for none. */
    Held nextHeld(GatewaySession s) {
        return s.recoverNext == 0 && !s.held.isEmpty() ? drainAll(s) : s.held.remove(s.recoverNext);
    }

    private static Held drainAll(GatewaySession s) { // given up: what was kept, lowest MsgSeqNum first
        int first = Integer.MAX_VALUE;
        for (int seqNum : s.held.keySet())
            first = Math.min(first, seqNum);
        return s.held.remove(first);
    }
}
