package io.celerity.internal.fix;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.builder.AbstractBusinessMessageRejectEncoder;
import uk.co.real_logic.artio.builder.AbstractRejectEncoder;
import uk.co.real_logic.artio.builder.Encoder;
import uk.co.real_logic.artio.dictionary.FixDictionary;

/**
 * Answers an inbound message the gateway cannot write with the FIX session protocol's answer (Reject, or
 * BusinessMessageReject for a type the mapping does not take), counts it, and reports it on the errors queue.
 */
final class Rejects {

    static final int UNSUPPORTED_MESSAGE_TYPE = 3; // BusinessRejectReason(380)
    static final int APPLICATION_NOT_AVAILABLE = 4;

    private final String gateway;
    private final AbstractRejectEncoder reject;
    private final AbstractBusinessMessageRejectEncoder businessReject;
    private final FailedInputs errors; // null when the gateway reports to no queue
    private final FailedInput failure = new FailedInput();
    private final byte[] msgType = new byte[8];
    private final char[] msgTypeChars = new char[8];

    Rejects(String gateway, FixDictionary dictionary, FailedInputs errors) {
        this.gateway = gateway;
        this.reject = dictionary.makeRejectEncoder();
        this.businessReject = dictionary.makeBusinessMessageRejectEncoder();
        this.errors = errors;
    }

    /** A session-level Reject of {@code header}'s message, as the mapping asked. */
    void reject(GatewaySession session, DirectBuffer buffer, int offset, int length, HeaderFields header,
                InboundMessage message) {
        int typeLength = copyType(buffer, header);
        for (int i = 0; i < typeLength; i++)
            msgTypeChars[i] = (char) msgType[i];
        reject.refSeqNum(header.msgSeqNum).sessionRejectReason(message.rejectReason);
        if (message.rejectTag > 0)
            reject.refTagID(message.rejectTag);
        else
            reject.resetRefTagID();
        if (reject.supportsRefMsgType())
            reject.refMsgType(msgTypeChars, typeLength);
        reject.text(message.rejectText == null ? new byte[0] : message.rejectText.getBytes());
        send(session, (Encoder) reject);
        report(session, buffer, offset, length, header, "rejected: " + message.rejectText);
    }

    /** A BusinessMessageReject of {@code header}'s message with BusinessRejectReason {@code reason}. */
    void businessReject(GatewaySession session, DirectBuffer buffer, int offset, int length, HeaderFields header,
                        int reason, String why) {
        int typeLength = copyType(buffer, header);
        businessReject.refSeqNum(header.msgSeqNum).refMsgType(msgType, 0, typeLength).businessRejectReason(reason)
                .text(why);
        send(session, (Encoder) businessReject);
        report(session, buffer, offset, length, header, why);
    }

    private int copyType(DirectBuffer buffer, HeaderFields header) {
        int length = Math.min(header.msgTypeLength, msgType.length);
        buffer.getBytes(header.msgTypeOffset, msgType, 0, length);
        return length;
    }

    private static void send(GatewaySession session, Encoder encoder) {
        if (session.artio != null)
            session.trySend(encoder, SentMessageJournal.NO_EVENT, 0); // back-pressured: the report on the errors queue still says it
        session.rejected++;
    }

    private void report(GatewaySession session, DirectBuffer buffer, int offset, int length, HeaderFields header,
                        String why) {
        if (errors == null)
            return;
        failure.at(gateway, "fix session " + session.config.name(), header.msgSeqNum).cause(null, why, null);
        failure.input().clear();
        for (int i = 0; i < length; i++)
            failure.input().writeByte(buffer.getByte(offset + i));
        errors.badMessage(failure);
    }
}
