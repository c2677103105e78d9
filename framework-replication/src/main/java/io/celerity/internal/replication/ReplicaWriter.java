package io.celerity.internal.replication;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.bytes.PointerBytesStore;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycle;
import net.openhft.chronicle.queue.impl.single.InternalAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.UnsafeBuffer;

import java.util.zip.CRC32C;

/**
 * Puts received documents into the replica at their source index: appends the next one, compares one it already
 * holds (a resend), and never overwrites. Used on one thread.
 */
final class ReplicaWriter implements AutoCloseable {

    /** What {@link #write} did. */
    static final int APPENDED = 1;
    static final int HELD = 0;
    static final int GAP = -1;

    private final String name;
    private final SingleChronicleQueue queue;
    private final RollCycle rollCycle;
    private final InternalAppender appender;
    private final ExcerptTailer tailer;
    private final PointerBytesStore document = new PointerBytesStore();
    private final UnsafeBuffer received = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer held = new UnsafeBuffer(0, 0);
    private long lastIndex;
    private long alreadyHeld;
    private boolean appendedHere;

    ReplicaWriter(String name, SingleChronicleQueue queue) {
        this.name = name;
        this.queue = queue;
        this.rollCycle = queue.rollCycle();
        this.appender = (InternalAppender) queue.createAppender();
        this.tailer = queue.createTailer().toEnd(); // a tailer holds its cycle from retention: never an old one
        this.lastIndex = queue.lastIndex();
    }

    /** The replica's last index, -1 when it is empty. */
    long lastIndex() {
        return lastIndex;
    }

    /** How many documents received were already held (resends, e.g. the last one on each resume). */
    long alreadyHeld() {
        return alreadyHeld;
    }

    /**
     * Appends the document at {@code index} if it is the replica's next, compares it if the replica holds that index.
     *
     * @return {@link #APPENDED}, {@link #HELD} (the same document is there), or {@link #GAP} (documents before it are
     * missing: the caller asks the source to resend)
     * @throws ReplicaDivergenceException if the replica holds a different document at that index
     */
    int write(long index, long address, int length) {
        if (isNext(index)) {
            appender.writeBytes(index, bytes(address, length));
            lastIndex = index;
            appendedHere = true;
            return APPENDED;
        }
        if (index <= lastIndex) {
            verify(index, address, length);
            alreadyHeld++;
            return HELD;
        }
        return GAP;
    }

    private BytesStore<?, ?> bytes(long address, int length) {
        if (length == 0)
            return BytesStore.empty();
        document.set(address, length);
        return document;
    }

    // Indexes run on within a cycle; a later cycle starts at sequence 0 (cycles with no documents have no indexes).
    private boolean isNext(long index) {
        if (lastIndex < 0)
            return rollCycle.toSequenceNumber(index) == 0;
        int cycle = rollCycle.toCycle(index);
        int lastCycle = rollCycle.toCycle(lastIndex);
        return cycle == lastCycle ? index == lastIndex + 1 : cycle > lastCycle && rollCycle.toSequenceNumber(index) == 0;
    }

    private void verify(long index, long address, int length) {
        try {
            compare(index, address, length);
        } finally {
            tailer.toEnd(); // let go of the verified document's cycle, so retention can delete it
        }
    }

    private void compare(long index, long address, int length) {
        if (!tailer.moveToIndex(index))
            throw diverged(index, "no document", address, length);
        try (DocumentContext dc = tailer.readingDocument()) {
            if (!dc.isPresent())
                throw diverged(index, "no document", address, length);
            Bytes<?> bytes = dc.wire().bytes();
            int heldLength = (int) bytes.readRemaining();
            long heldAddress = bytes.addressForRead(bytes.readPosition(), heldLength);
            if (heldLength == length && forgottenOnOneSide(bytes, heldAddress, address, length))
                return;
            if (heldLength != length || !same(heldAddress, address, length))
                throw diverged(index, describe(heldAddress, heldLength), address, length);
        }
    }

    /**
     * A forgotten data subject's key record, overwritten with zeros on one side before the other (each host overwrites
     * its own copy): the same document. Zeros received are written over the copy here too.
     */
    private boolean forgottenOnOneSide(Bytes<?> heldBytes, long heldAddress, long address, int length) {
        boolean heldZeros = zeros(heldAddress, length);
        if (length == 0 || !heldZeros && !zeros(address, length))
            return false;
        for (long p = heldBytes.readPosition(), end = p + length; !heldZeros && p < end; p++)
            heldBytes.writeByte(p, (byte) 0);
        return true;
    }

    private boolean zeros(long address, int length) {
        received.wrap(address, length);
        for (int i = 0; i < length; i++)
            if (received.getByte(i) != 0)
                return false;
        return true;
    }

    private boolean same(long a, long b, int length) {
        if (length == 0)
            return true;
        held.wrap(a, length);
        received.wrap(b, length);
        return held.compareTo(received) == 0;
    }

    private ReplicaDivergenceException diverged(long index, String replica, long address, int length) {
        return new ReplicaDivergenceException("queue '" + name + "' (" + queue.file() + "): the replica holds "
                + replica + " at index " + Long.toHexString(index) + " (cycle " + rollCycle.toCycle(index)
                + ", sequence " + rollCycle.toSequenceNumber(index) + "), the source sends "
                + describe(address, length) + "; replication stopped, the replica is left as it is", index);
    }

    /** The replica's last document is not at its source ({@code host}, lease {@code token}): why replication stops. */
    ReplicaDivergenceException lastUnknownToSource(int host, long token) {
        return new ReplicaDivergenceException("queue '" + name + "' (" + queue.file() + "): the source (host " + host
                + ", lease token " + token + ") has no document at the replica's last index "
                + Long.toHexString(lastIndex) + ": the replica holds documents its source never had, or another "
                + "history; replication stopped, the replica is left as it is", lastIndex);
    }

    private static String describe(long address, int length) {
        byte[] copy = new byte[length];
        if (length > 0)
            new UnsafeBuffer(address, length).getBytes(0, copy);
        CRC32C crc = new CRC32C();
        crc.update(copy);
        return length + " bytes (crc32c " + Long.toHexString(crc.getValue()) + ")";
    }

    /** Writes the replica to disk up to its last document: msync, or the whole files before this writer appended. */
    void sync() {
        if (appendedHere) {
            appender.sync();
        } else if (lastIndex >= 0) {
            // The appender would sync only what it wrote: after a restart, what the sink had not synced yet is forced.
            CycleFiles.forceUpTo(queue, lastIndex);
            queue.lastIndexMSynced(lastIndex);
        }
    }

    @Override
    public void close() {
        appender.close();
        tailer.close();
    }
}
