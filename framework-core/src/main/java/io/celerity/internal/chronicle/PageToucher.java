package io.celerity.internal.chronicle;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.core.OS;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.util.MicroTouched;
import net.openhft.chronicle.wire.Wire;
import net.openhft.posix.MAdviseFlag;
import net.openhft.posix.PosixAPI;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the first touch of a queue file's fresh pages out of message writes. Left alone, Linux answers a write to a
 * page of a memory-mapped file that nobody wrote yet by zero-filling its whole read-ahead window (megabytes: 5-30 ms
 * measured in this project's VM) on the writing thread, inside that write. So the part of each mapping not written
 * yet is advised random access (one page per fault, microseconds), and {@link #touchAhead()}, called while the
 * appender's thread has nothing else to do, takes that fault for the next page before a message needs it
 * (Chronicle's {@link MicroTouched#microTouch()}). Use it on the appender's own thread only.
 * <p>Covers what Chronicle Queue's own {@code Pretoucher} did until it moved to the closed Queue Enterprise in
 * release x.24 (Chronicle Queue pull request 1292, issue 1595).
 */
public final class PageToucher {

    private static final Logger LOG = LoggerFactory.getLogger(PageToucher.class);
    private static final long PAGE = OS.pageSize();
    private static final PosixAPI POSIX = linuxPosix();

    private final ExcerptAppender appender;
    private final MicroTouched microToucher;
    private BytesStore<?, ?> advised; // the mapping whose unwritten part was advised last

    public PageToucher(ExcerptAppender appender) {
        this.appender = appender;
        this.microToucher = appender instanceof MicroTouched ? (MicroTouched) appender : null;
    }

    /**
     * Advises a mapping the appender has just moved into, then touches the page it will write next. Cheap when there
     * is nothing to do, allocates nothing; call it whenever the appender's thread is idle.
     */
    public void touchAhead() {
        Wire wire = appender.wire();
        if (wire == null)
            return; // nothing written yet: no file mapped
        Bytes<?> bytes = wire.bytes();
        BytesStore<?, ?> mapping = bytes.bytesStore();
        if (mapping != advised) {
            advised = mapping;
            adviseRandomAfter(mapping, bytes.writePosition());
        }
        if (microToucher != null)
            microToucher.microTouch();
    }

    // Only the part after the write position: written pages keep their read-ahead for readers that replay them.
    private static void adviseRandomAfter(BytesStore<?, ?> mapping, long writePosition) {
        if (POSIX == null || mapping == null || !mapping.isDirectMemory())
            return;
        long from = Math.max(mapping.start(), (writePosition + PAGE - 1) & -PAGE);
        long end = mapping.realCapacity();
        if (from < end) // advice only: a kernel that refuses it keeps its read-ahead
            POSIX.madvise(mapping.addressForWrite(from), end - from, MAdviseFlag.MADV_RANDOM);
    }

    private static PosixAPI linuxPosix() {
        if (!OS.isLinux())
            return null;
        try {
            return PosixAPI.posix();
        } catch (RuntimeException | LinkageError e) {
            LOG.warn("no native madvise here ({}): queue writers may stall on the kernel's read-ahead of fresh pages",
                    e.toString());
            return null;
        }
    }
}
