package io.celerity.internal.fix;

import org.agrona.DirectBuffer;
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

    private final AbstractResendRequestEncoder resendRequest;

    InboundRecovery(FixDictionary dictionary) {
        this.resendRequest = dictionary.makeResendRequestEncoder();
    }

    /** On taking a session: whether Artio counted messages received that this gateway has not seen, and from where. */
    void onAcquired(GatewaySession s) {
        int seen = s.artio.sequenceIndex() == s.inSequenceIndex ? Math.max(s.lastInSeqNum, s.lastSeenSeqNum) : 0;
        int counted = s.artio.lastReceivedMsgSeqNum();
        if (seen + 1 < counted) { // the logon itself (counted) is the engine's
            s.recoverNext = seen + 1;
            s.recoveryAsked = false;
            LOG.warn("fix session '{}': Artio counted {} received, the inbound queue has up to {}; asking again from {}",
                    s.config.name(), counted, seen, seen + 1);
        }
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

    /**
     * While the session recovers, whether message {@code header} is the next in MsgSeqNum order and an application
     * message to write; advances the order. Recovery ends with the first live (not possible duplicate) application
     * message in order after the ResendRequest went out.
     */
    boolean next(GatewaySession s, HeaderFields header, DirectBuffer buffer, int offset, int length) {
        int seqNum = header.msgSeqNum;
        if (seqNum != s.recoverNext)
            return false; // a duplicate, or sent before the counterparty resends: it comes again
        if (header.isSequenceReset(buffer)) {
            s.recoverNext = HeaderFields.intField(buffer, offset, length, NEW_SEQ_NO);
            return false;
        }
        boolean admin = header.isAdmin(buffer);
        if (!admin && !header.possDup && s.recoveryAsked) {
            s.recoverNext = 0;
            LOG.info("fix session '{}': recovered up to {}", s.config.name(), seqNum - 1);
        } else {
            s.recoverNext = seqNum + 1;
        }
        return !admin;
    }
}
