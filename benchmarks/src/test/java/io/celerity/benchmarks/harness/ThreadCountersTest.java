package io.celerity.benchmarks.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ThreadCountersTest {
    private static final int PAGES = 1_024;

    @TempDir
    Path dir;

    /** Runs {@code work} on a thread of its own and returns that thread's counters over it, read from this one. */
    private static ThreadCounters countersOf(Runnable work) throws InterruptedException {
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(1);
        CountDownLatch read = new CountDownLatch(1);
        Thread t = new Thread(() -> {
            started.countDown();
            await(go);
            work.run();
            done.countDown();
            await(read); // alive until its counters are read
        }, "counted");
        t.start();
        started.await();
        int[] tid = NativeThreadIds.of(List.of(t));
        ThreadCounters before = ThreadCounters.read(tid);
        go.countDown();
        done.await();
        ThreadCounters after = ThreadCounters.read(tid);
        read.countDown();
        t.join();
        return after.minus(before);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void countsThePageFaultsOfAnotherThread() throws Exception {
        assumeTrue(ThreadCounters.available(), "per-thread counters are Linux's");
        Path file = dir.resolve("pages");
        MappedByteBuffer pages;
        try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
            raf.setLength(PAGES * 4096L);
            // a private mapping copies each page on its first write: one fault per 4 KiB page, whatever the folio size
            pages = raf.getChannel().map(FileChannel.MapMode.PRIVATE, 0, PAGES * 4096L);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        ThreadCounters c = countersOf(() -> {
            for (int i = 0; i < PAGES; i++)
                pages.put(i * 4096, (byte) 1);
        });
        assertTrue(c.minorFaults() + c.majorFaults() >= PAGES, () -> "faults counted: " + c);
    }

    @Test
    void countsTheTimesAThreadSlept() throws Exception {
        assumeTrue(ThreadCounters.available(), "per-thread counters are Linux's");
        ThreadCounters c = countersOf(() -> {
            for (int i = 0; i < 10; i++) {
                try {
                    Thread.sleep(1);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        assertTrue(c.blockedSwitches() >= 10, () -> "counted: " + c);
    }
}
