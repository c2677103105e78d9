package io.celerity.fix;

import uk.co.real_logic.artio.util.AsciiBuffer;

/**
 * One received FIX application message, as {@link FixInbound} sees it: decode it with an Artio-generated decoder,
 * {@code decoder.decode(message.buffer(), message.offset(), message.length())}. A flyweight, valid only during the call.
 */
public interface FixMessage {

    /** Artio's packed MsgType(35), comparable with a generated decoder's {@code MESSAGE_TYPE}. */
    long messageType();

    /** The session's name in {@code services.yaml}. */
    String session();

    /** MsgSeqNum(34). */
    int msgSeqNum();

    /** Whether PossDupFlag(43) is Y: a resend of a message the counterparty sent before. */
    boolean possDup();

    AsciiBuffer buffer();

    int offset();

    int length();

    /**
     * Rejects the message as invalid at the session level (FIX Reject, 35=3) instead of writing it: e.g. a required
     * tag missing, {@code decoder.invalidTagId()} and {@code decoder.rejectReason()} after a failed
     * {@code decoder.validate()}. Counted and reported on the gateway's errors queue.
     *
     * @param refTagId the tag at fault, or 0
     * @param sessionRejectReason SessionRejectReason(373), e.g. 1 for "required tag missing"
     * @param text Text(58): why, for the counterparty's operators
     */
    void reject(int refTagId, int sessionRejectReason, String text);
}
