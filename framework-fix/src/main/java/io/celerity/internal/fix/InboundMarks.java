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
 * take it for one the queue lacks and ask the counterparty again.
 */
final class InboundMarks implements AutoCloseable {

    private final MappedByteBuffer mapped;
    private final UnsafeBuffer marks;

    InboundMarks(Path stateDir, int sessionCount) {
        File file = stateDir.resolve("inbound-marks.dat").toFile();
        long length = (long) sessionCount * Long.BYTES;
        mapped = file.exists() && file.length() == length ? IoUtil.mapExistingFile(file, "inbound marks")
                : IoUtil.mapNewFile(file, length, true);
        marks = new UnsafeBuffer(mapped);
    }

    /** Notes that session {@code slot} handled message {@code msgSeqNum} of sequence {@code sequenceIndex}. */
    void handled(int slot, int sequenceIndex, int msgSeqNum) {
        marks.putLongOrdered(slot * Long.BYTES, ((long) sequenceIndex << 32) | (msgSeqNum & 0xFFFF_FFFFL));
    }

    /** The sequence index of session {@code slot}'s last message handled; 0 for none. */
    int sequenceIndex(int slot) {
        return (int) (marks.getLongVolatile(slot * Long.BYTES) >>> 32);
    }

    /** The MsgSeqNum of session {@code slot}'s last message handled; 0 for none. */
    int msgSeqNum(int slot) {
        return (int) marks.getLongVolatile(slot * Long.BYTES);
    }

    @Override
    public void close() {
        IoUtil.unmap(mapped);
    }
}
