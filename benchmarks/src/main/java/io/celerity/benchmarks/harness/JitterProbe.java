package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;

/**
 * The operating system's interruptions, seen from a thread that does nothing but read the clock: every gap between
 * two consecutive reads longer than {@link #THRESHOLD_NANOS} is a moment this thread did not run.
 */
final class JitterProbe implements Runnable {
    static final long THRESHOLD_NANOS = 1_000;

    private final Probe gaps = new Probe("os jitter (gaps > 1 us)");
    private volatile boolean running = true;
    private final Thread thread = new Thread(this, "os-jitter-probe");

    JitterProbe start() {
        thread.setDaemon(true);
        thread.start();
        return this;
    }

    @Override
    public void run() {
        long last = System.nanoTime();
        while (running) {
            long now = System.nanoTime();
            if (now - last > THRESHOLD_NANOS)
                gaps.sample(now - last);
            last = now;
        }
    }

    Histogram takeInterval() {
        return gaps.takeInterval();
    }

    String name() {
        return gaps.name();
    }

    void stop() throws InterruptedException {
        running = false;
        thread.join();
    }
}
