package io.celerity.benchmarks.pages;

import net.openhft.chronicle.core.OS;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.RandomAccessFile;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThisThreadCountersTest {
    private static final int PAGES = 256;

    @TempDir
    Path dir;

    @Test
    void countsThisThreadsPageFaultsAndTimesItGotTheCpuBack() throws Exception {
        assumeTrue(OS.isLinux(), "the counters are Linux's");
        MappedByteBuffer pages;
        try (RandomAccessFile file = new RandomAccessFile(dir.resolve("pages").toFile(), "rw")) {
            file.setLength(PAGES * 4096L);
            // a private mapping copies each page on its first write: one fault per page, whatever the folio size
            pages = file.getChannel().map(FileChannel.MapMode.PRIVATE, 0, PAGES * 4096L);
        }
        try (ThisThreadCounters counters = new ThisThreadCounters()) {
            counters.read();
            long faults = counters.faults();
            long scheduled = counters.timesScheduled();
            for (int i = 0; i < PAGES; i++)
                pages.put(i * 4096, (byte) 1);
            for (int i = 0; i < 5; i++)
                Thread.sleep(1);
            counters.read();
            long faulted = counters.faults() - faults;
            long rescheduled = counters.timesScheduled() - scheduled;
            assertTrue(faulted >= PAGES, () -> "faults: " + faulted);
            assertTrue(rescheduled >= 5, () -> "times scheduled after 5 sleeps: " + rescheduled);
        }
    }
}
