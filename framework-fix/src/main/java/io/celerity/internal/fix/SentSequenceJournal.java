package io.celerity.internal.fix;

import org.agrona.IoUtil;
import org.agrona.concurrent.UnsafeBuffer;

import java.io.File;
import java.nio.MappedByteBuffer;
import java.nio.file.Path;

/**
 * The MsgSeqNum each session's next message out will carry, noted before it is handed to Artio, in a memory-mapped
 * file of the state directory (the page cache keeps it through a kill -9). Artio counts a message as sent only once
 * its archive has recorded it, which can be after the framer put it on the wire; a restarted gateway that trusted
 * Artio alone could send those numbers again, and the counterparty would refuse them as too low. One long per session.
 */
final class SentSequenceJournal implements AutoCloseable {

    private final MappedByteBuffer mapped;
    private final UnsafeBuffer slots;

    SentSequenceJournal(Path stateDir, int sessions) {
        File file = stateDir.resolve("sent-seq.dat").toFile();
        long length = (long) Long.BYTES * sessions;
        mapped = file.exists() && file.length() == length ? IoUtil.mapExistingFile(file, "sent sequence journal")
                : IoUtil.mapNewFile(file, length);
        slots = new UnsafeBuffer(mapped);
    }

    /** Notes that session {@code slot}'s next message goes out as {@code msgSeqNum}; on the hot path, no allocation. */
    void sending(int slot, int msgSeqNum) {
        slots.putLongOrdered(slot * Long.BYTES, msgSeqNum);
    }

    /** The highest MsgSeqNum session {@code slot} may have put on the wire; 0 for none. */
    int mayHaveSent(int slot) {
        return (int) slots.getLongVolatile(slot * Long.BYTES);
    }

    @Override
    public void close() {
        IoUtil.unmap(mapped);
    }
}
