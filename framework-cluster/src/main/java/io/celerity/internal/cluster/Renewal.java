package io.celerity.internal.cluster;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A lease renewal as sent through the cluster's log: who sent it, in which term, from which incarnation of the
 * process, and when on the sender's monotonic clock. Fixed layout, little-endian (Agrona's default).
 */
final class Renewal {

    static final int LENGTH = 32;
    private static final int MAGIC = 0x4C454153; // "LEAS": nothing else is sent through this cluster, but say so
    private static final int MAGIC_OFFSET = 0;
    private static final int MEMBER_OFFSET = 4;
    private static final int TERM_OFFSET = 8;
    private static final int INCARNATION_OFFSET = 16;
    private static final int SENT_AT_OFFSET = 24;

    private Renewal() {
    }

    static void encode(MutableDirectBuffer buffer, int memberId, long term, long incarnation, long sentAtNanos) {
        buffer.putInt(MAGIC_OFFSET, MAGIC);
        buffer.putInt(MEMBER_OFFSET, memberId);
        buffer.putLong(TERM_OFFSET, term);
        buffer.putLong(INCARNATION_OFFSET, incarnation);
        buffer.putLong(SENT_AT_OFFSET, sentAtNanos);
    }

    static boolean is(DirectBuffer buffer, int offset, int length) {
        return length == LENGTH && buffer.getInt(offset + MAGIC_OFFSET) == MAGIC;
    }

    static int memberId(DirectBuffer buffer, int offset) {
        return buffer.getInt(offset + MEMBER_OFFSET);
    }

    static long term(DirectBuffer buffer, int offset) {
        return buffer.getLong(offset + TERM_OFFSET);
    }

    static long incarnation(DirectBuffer buffer, int offset) {
        return buffer.getLong(offset + INCARNATION_OFFSET);
    }

    static long sentAt(DirectBuffer buffer, int offset) {
        return buffer.getLong(offset + SENT_AT_OFFSET);
    }
}
