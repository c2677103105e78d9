package io.celerity.benchmarks.durability;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Samples the machine's runnable threads ({@code procs_running} in {@code /proc/stat}, all processes, this one's
 * spinning threads included) ten times a second, so each figure can say how busy the machine was meanwhile.
 */
public final class RunnableThreads implements AutoCloseable {

    private final AtomicLong samples = new AtomicLong();
    private final AtomicLong total = new AtomicLong();
    private final Thread sampler = new Thread(this::sample, "runnable-threads");
    private volatile boolean running = true;

    RunnableThreads() {
        sampler.setDaemon(true);
        sampler.start();
    }

    /** The kernel's load averages and run queue, as {@code /proc/loadavg} gives them, or "unknown". */
    public static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /** Starts a new average. */
    void reset() {
        samples.set(0);
        total.set(0);
    }

    /** The average number of runnable threads since the last reset, or -1 where /proc/stat cannot be read. */
    double average() {
        long n = samples.get();
        return n == 0 ? -1 : (double) total.get() / n;
    }

    private void sample() {
        while (running) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc/stat")))
                    if (line.startsWith("procs_running ")) {
                        total.addAndGet(Long.parseLong(line.substring("procs_running ".length()).trim()));
                        samples.incrementAndGet();
                    }
                Thread.sleep(100);
            } catch (IOException e) {
                return;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    @Override
    public void close() {
        running = false;
        sampler.interrupt();
    }
}
