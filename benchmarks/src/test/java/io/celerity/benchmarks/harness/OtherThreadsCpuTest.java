package io.celerity.benchmarks.harness;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class OtherThreadsCpuTest {

    private volatile boolean measuring = true;

    @Test
    void countsTheCpuOfThreadsThatAreNotMeasuredAndLeavesOutTheMeasuredOnes() throws Exception {
        assumeTrue(ThreadCounters.available(), "per-thread counters are Linux's");
        Thread measured = new Thread(() -> {
            while (measuring)
                Thread.onSpinWait();
        }, "measured");
        CountDownLatch spun = new CountDownLatch(1);
        CountDownLatch counted = new CountDownLatch(1);
        Thread other = new Thread(() -> {
            spinCpu(100);
            spun.countDown();
            await(counted); // a thread must still be there to be counted
        }, "other");
        measured.start();
        OtherThreadsCpu cpu = new OtherThreadsCpu(NativeThreadIds.of(List.of(measured)), new int[0]);
        cpu.start();
        other.start();
        spun.await();
        OtherThreadsCpu.Usage usage = cpu.finish();
        counted.countDown();
        other.join();
        measuring = false;
        measured.join();
        // the other thread used 100 ms of CPU: all of it counts; the measured one, spinning as long, must not
        assertTrue(usage.restNanos() >= 95_000_000 && usage.restNanos() < 190_000_000, () -> "counted: " + usage);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void spinCpu(long millis) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + millis * 1_000_000;
        while (threads.getCurrentThreadCpuTime() < until)
            Thread.onSpinWait();
    }
}
