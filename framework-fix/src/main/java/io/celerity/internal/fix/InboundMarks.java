package io.celerity.internal.fix;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * Per session, the last inbound message handled in MsgSeqNum order, session messages included (a heartbeat, the
 * counterparty's Logout), in a memory-mapped file of the state directory (the page cache keeps it through a kill -9).
 * The inbound queue holds only application messages, so without this mark a restart after a session message would
 * take it for one the queue lacks and ask the counterparty again. Per session its mark and its source id.
 */
final class InboundMarks implements AutoCloseable {

    private static final int KEY = 0, SOURCE_ID = 8, ENTRY = 16;

    private final MappedByteBuffer mapped;
    private final UnsafeBuffer marks;

    /** @param sourceIds each session's source id, by its slot: a slot that held another session's mark starts empty */
    InboundMarks(Path stateDir, int[] sourceIds) {
        File file = stateDir.resolve("inbound-marks.dat").toFile();
        long length = (long) sourceIds.length * ENTRY;
        mapped = file.exists() && file.length() == length ? IoUtil.mapExistingFile(file, "inbound marks")
                : IoUtil.mapNewFile(file, length, true);
        marks = new UnsafeBuffer(mapped);
        for (int slot = 0; slot < sourceIds.length; slot++) {
            if (marks.getLong(slot * ENTRY + SOURCE_ID) != sourceIds[slot]) { // sessions configured in another order
                marks.putLong(slot * ENTRY + KEY, 0);
                marks.putLong(slot * ENTRY + SOURCE_ID, sourceIds[slot]);
            }
        }
    }

    /** Notes that session {@code slot} handled message {@code msgSeqNum} of sequence {@code sequenceIndex}. */
    void handled(int slot, int sequenceIndex, int msgSeqNum) {
        marks.putLongOrdered(slot * ENTRY + KEY, ((long) sequenceIndex << 32) | (msgSeqNum & 0xFFFF_FFFFL));
    }

    /** The sequence index of session {@code slot}'s last message handled; 0 for none. */
    int sequenceIndex(int slot) {
        return (int) (marks.getLongVolatile(slot * ENTRY + KEY) >>> 32);
    }

    /** The MsgSeqNum of session {@code slot}'s last message handled; 0 for none. */
    int msgSeqNum(int slot) {
        return (int) marks.getLongVolatile(slot * ENTRY + KEY);
    }

    @Override
    public void close() {
        IoUtil.unmap(mapped);
    }
}
