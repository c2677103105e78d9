package io.celerity.benchmarks.harness;

import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.atomic.AtomicLong;

/** One timed hop: latencies in nanoseconds from a single thread, recorded wait-free and without allocation. */
public final class Probe {
    /** One hour: anything longer is recorded as one hour. */
    static final long HIGHEST_NANOS = 3_600_000_000_000L;

    private final String name;
    private final SingleWriterRecorder recorder = new SingleWriterRecorder(HIGHEST_NANOS, 3);
    private final AtomicLong samples = new AtomicLong();

    Probe(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Records one latency; a negative one (a clock step between threads' reads) counts as zero. */
    public void sample(long nanos) {
        recorder.recordValue(Math.min(Math.max(0, nanos), HIGHEST_NANOS));
        samples.lazySet(samples.get() + 1); // single writer: a plain increment made visible to the harness thread
    }

    /** Samples recorded since the probe was created. */
    long samples() {
        return samples.get();
    }

    /** The samples since the last call, as a histogram of their own. */
    Histogram takeInterval() {
        return recorder.getIntervalHistogram(); // allocates, but only between runs
    }
}
