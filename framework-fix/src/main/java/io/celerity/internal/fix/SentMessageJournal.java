package io.celerity.internal.fix;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * What each session sent: for every message the gateway hands Artio, its MsgSeqNum, the outbound event it came of and
 * its ordinal among that event's messages to the session, noted before the send in a memory-mapped file of the state
 * directory (the page cache keeps it through a kill -9). Celerity's outbound queue, not Artio's archive, is the store
 * of what went out: after a kill Artio's archive can miss messages the framer had put on the wire, and its replay then
 * gap-fills them with a wrong MsgSeqNum. So a restart carries on after the last event noted here, and a resend request
 * sends the events again from the one of the first message asked for.
 * Per session: the last MsgSeqNum and the last event, then a ring of the last {@link #RING} messages.
 */
final class SentMessageJournal implements AutoCloseable {

    /** Messages a resend request can reach back; a longer reach is gap-filled only, and logged. */
    static final int RING = 1 << 20;
    static final long NO_EVENT = -1; // a message of no outbound event: a Reject the gateway sent
    private static final int LAST_KEY = 0, LAST_EVENT = 8, LAST_ORDINAL = 16, HEADER = 24;
    private static final int KEY = 0, EVENT = 8, ORDINAL = 16, ENTRY = 24;
    private static final long LENGTH = HEADER + (long) RING * ENTRY;

    private final MappedByteBuffer[] mapped;
    private final UnsafeBuffer[] sessions;

    SentMessageJournal(Path stateDir, int sessionCount) {
        mapped = new MappedByteBuffer[sessionCount];
        sessions = new UnsafeBuffer[sessionCount];
        for (int i = 0; i < sessionCount; i++) {
            File file = stateDir.resolve("sent-" + i + ".dat").toFile();
            mapped[i] = file.exists() && file.length() == LENGTH ? IoUtil.mapExistingFile(file, "sent messages")
                    : IoUtil.mapNewFile(file, LENGTH, false); // sparse: pages appear as messages go out
            sessions[i] = new UnsafeBuffer(mapped[i]);
        }
    }

    /** Notes session {@code slot}'s message {@code msgSeqNum}: the {@code ordinal}th (from 1) of {@code event}. */
    void sending(int slot, int sequenceIndex, int msgSeqNum, long event, int ordinal) {
        UnsafeBuffer s = sessions[slot];
        long key = key(sequenceIndex, msgSeqNum);
        int at = entry(msgSeqNum);
        s.putLong(at + EVENT, event);
        s.putInt(at + ORDINAL, ordinal);
        s.putLongOrdered(at + KEY, key);
        if (event != NO_EVENT) {
            s.putLong(LAST_EVENT, event);
            s.putIntOrdered(LAST_ORDINAL, ordinal);
        }
        s.putLongOrdered(LAST_KEY, key); // last: a noted number always has its entry
    }

    /** The highest MsgSeqNum of sequence {@code sequenceIndex} session {@code slot} may have put on the wire; 0: none. */
    int mayHaveSent(int slot, int sequenceIndex) {
        long key = sessions[slot].getLongVolatile(LAST_KEY);
        return (int) (key >>> 32) == sequenceIndex ? (int) key : 0;
    }

    /** The last outbound event a message of which may have gone out on session {@code slot}; see {@link #lastOrdinal}. */
    long lastEvent(int slot) {
        return sessions[slot].getLong(LAST_EVENT);
    }

    /** How many of {@link #lastEvent}'s messages may have gone out; 0 when no event's message ever did. */
    int lastOrdinal(int slot) {
        return sessions[slot].getIntVolatile(LAST_ORDINAL);
    }

    /** Whether the ring holds message {@code msgSeqNum} of sequence {@code sequenceIndex}, and it came of an event. */
    boolean holdsEvent(int slot, int sequenceIndex, int msgSeqNum) {
        int at = entry(msgSeqNum);
        return msgSeqNum > 0 && sessions[slot].getLongVolatile(at + KEY) == key(sequenceIndex, msgSeqNum)
                && sessions[slot].getLong(at + EVENT) != NO_EVENT;
    }

    /** The outbound event message {@code msgSeqNum} came of; only where {@link #holdsEvent}. */
    long event(int slot, int msgSeqNum) {
        return sessions[slot].getLong(entry(msgSeqNum) + EVENT);
    }

    /** Its ordinal among the event's messages to the session, from 1; only where {@link #holdsEvent}. */
    int ordinal(int slot, int msgSeqNum) {
        return sessions[slot].getInt(entry(msgSeqNum) + ORDINAL);
    }

    private static long key(int sequenceIndex, int msgSeqNum) {
        return ((long) sequenceIndex << 32) | (msgSeqNum & 0xFFFF_FFFFL);
    }

    private static int entry(int msgSeqNum) {
        return HEADER + (msgSeqNum & (RING - 1)) * ENTRY;
    }

    @Override
    public void close() {
        for (MappedByteBuffer m : mapped)
            IoUtil.unmap(m);
    }
}
