package io.celerity.internal.chronicle;

import io.celerity.fixtures.Queues;
import net.openhft.chronicle.core.OS;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Page faults taken inside writes to a real queue file, counted by Linux for the writing thread. */
class PageToucherTest {
    private static final int MESSAGE = 512;
    private static final int WRITES = (16 << 20) / MESSAGE;
    /** The first write's fault may have read ahead this far before the advice: not counted. */
    private static final int UNCOUNTED = (8 << 20) / MESSAGE;

    @TempDir
    Path dir;

    /** Page faults in the writes past the first 8 MB of 16 MB, touching ahead before each write or not at all. */
    private long faultsInWrites(boolean touchBeforeEachWrite) throws IOException {
        try (ChronicleQueue queue = Queues.open(dir.resolve(touchBeforeEachWrite ? "touched" : "advised"));
             ExcerptAppender appender = queue.createAppender();
             ThreadFaults faults = new ThreadFaults()) {
            PageToucher toucher = new PageToucher(appender);
            write(appender, 0);
            toucher.touchAhead(); // the file is mapped now: its unwritten part gets the advice
            long inWrites = 0;
            for (int i = 1; i < WRITES; i++) {
                if (touchBeforeEachWrite)
                    toucher.touchAhead();
                long before = faults.count();
                write(appender, i);
                if (i >= UNCOUNTED)
                    inWrites += faults.count() - before;
            }
            return inWrites;
        }
    }

    private static void write(ExcerptAppender appender, long i) {
        try (DocumentContext dc = appender.writingDocument()) {
            for (int n = 0; n < MESSAGE / 8 - 1; n++)
                dc.wire().bytes().writeLong(i + n);
        }
    }

    @Test
    void advisedFreshPagesFaultOnePageAtATimeInsteadOfReadingAheadMegabytes() throws IOException {
        assumeTrue(OS.isLinux(), "the advice and the counters are Linux's");
        long faults = faultsInWrites(false);
        // 8 MB is 2,048 pages: one fault each (Linux 6.18 without the advice: about 500, mapping read-ahead folios)
        assertTrue(faults >= 1_000, () -> "page faults in writes of 8 MB: " + faults);
    }

    @Test
    void touchingAheadWhileIdleLeavesTheWritesWithoutPageFaults() throws IOException {
        assumeTrue(OS.isLinux(), "the advice and the counters are Linux's");
        long faults = faultsInWrites(true);
        // Against 2,048 untouched: alone it is 0-2, but late in a full suite (a JVM with a big, busy heap) once 38.
        assertTrue(faults <= 64, () -> "page faults in writes of 8 MB touched ahead: " + faults);
    }

    /** This thread's page faults so far, read without allocating: an allocation could fault on fresh heap itself. */
    private static final class ThreadFaults implements AutoCloseable {
        private final FileChannel stat = FileChannel.open(Path.of("/proc/thread-self/stat"));
        private final ByteBuffer buffer = ByteBuffer.allocateDirect(1024);

        ThreadFaults() throws IOException {
        }

        long count() throws IOException {
            buffer.clear();
            stat.read(buffer, 0);
            int end = buffer.position();
            int i = end - 1;
            while (buffer.get(i) != ')')
                i--;
            // after "pid (comm)": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
            long minor = 0;
            long major = 0;
            int field = 0;
            for (i += 2; i < end && field <= 10; i++) {
                byte b = buffer.get(i);
                if (b == ' ') {
                    field++;
                } else if (field == 7) {
                    minor = minor * 10 + (b - '0');
                } else if (field == 9) {
                    major = major * 10 + (b - '0');
                }
            }
            return minor + major;
        }

        @Override
        public void close() throws IOException {
            stat.close();
        }
    }
}
