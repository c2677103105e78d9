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

    /** Whether the message is a session-level (admin) one the engine handles: Heartbeat ... Logon. */
    boolean isAdmin(DirectBuffer buffer) {
        if (msgTypeLength != 1)
            return false;
        byte t = buffer.getByte(msgTypeOffset);
        return (t >= '0' && t <= '5') || t == 'A';
    }
}
