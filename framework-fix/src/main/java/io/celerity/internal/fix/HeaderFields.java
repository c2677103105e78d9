package io.celerity.internal.fix;

import org.agrona.DirectBuffer;

/**
 * The few header fields the gateway needs of a received message, found in its raw bytes without decoding it:
 * MsgType(35), MsgSeqNum(34) and PossDupFlag(43). Reused; no allocation.
 */
final class HeaderFields {

    private static final byte SOH = 1;

    int msgSeqNum;
    boolean possDup;
    int msgTypeOffset;
    int msgTypeLength;

    /** Reads them from the message at {@code offset}; header fields come before the body, so the scan stops there. */
    HeaderFields scan(DirectBuffer buffer, int offset, int length) {
        msgSeqNum = 0;
        possDup = false;
        msgTypeOffset = offset;
        msgTypeLength = 0;
        int end = offset + length;
        int fieldStart = offset;
        int headerFieldsLeft = 3;
        while (fieldStart < end && headerFieldsLeft > 0) {
            int tag = 0;
            int i = fieldStart;
            byte b;
            while (i < end && (b = buffer.getByte(i)) != '=') {
                tag = tag * 10 + (b - '0');
                i++;
            }
            int valueStart = i + 1;
            int valueEnd = valueStart;
            while (valueEnd < end && buffer.getByte(valueEnd) != SOH)
                valueEnd++;
            switch (tag) {
                case 35 -> {
                    msgTypeOffset = valueStart;
                    msgTypeLength = valueEnd - valueStart;
                    headerFieldsLeft--;
                }
                case 34 -> {
                    msgSeqNum = buffer.parseNaturalIntAscii(valueStart, valueEnd - valueStart);
                    headerFieldsLeft--;
                }
                case 43 -> {
                    possDup = valueEnd > valueStart && buffer.getByte(valueStart) == 'Y';
                    headerFieldsLeft--;
                }
                default -> {
                }
            }
            fieldStart = valueEnd + 1;
        }
        return this;
    }

    /** Whether it is a SequenceReset(4). */
    boolean isSequenceReset(DirectBuffer buffer) {
        return msgTypeLength == 1 && buffer.getByte(msgTypeOffset) == '4';
    }

    /** Whether it is a ResendRequest(2). */
    boolean isResendRequest(DirectBuffer buffer) {
        return msgTypeLength == 1 && buffer.getByte(msgTypeOffset) == '2';
    }

    /** The value of integer field {@code tag} of the message at {@code offset}; 0 when it has none. */
    static int intField(DirectBuffer buffer, int offset, int length, int tag) {
        int end = offset + length;
        int fieldStart = offset;
        while (fieldStart < end) {
            int t = 0;
            int i = fieldStart;
            byte b;
            while (i < end && (b = buffer.getByte(i)) != '=') {
                t = t * 10 + (b - '0');
                i++;
            }
            int valueEnd = i + 1;
            while (valueEnd < end && buffer.getByte(valueEnd) != SOH)
                valueEnd++;
            if (t == tag)
                return buffer.parseNaturalIntAscii(i + 1, valueEnd - i - 1);
            fieldStart = valueEnd + 1;
        }
        return 0;
    }

    /** Whether the message is a session-level (admin) one the engine handles: Heartbeat ... Logon. */
    boolean isAdmin(DirectBuffer buffer) {
        if (msgTypeLength != 1)
            return false;
        byte t = buffer.getByte(msgTypeOffset);
        return (t >= '0' && t <= '5') || t == 'A';
    }
}
