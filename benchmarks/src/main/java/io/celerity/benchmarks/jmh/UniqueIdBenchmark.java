package io.celerity.benchmarks.jmh;

import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A unique id two ways: Celerity's {@link UniqueTimestamps} as a host shares it (a compare-and-swap on a memory-mapped
 * file, see {@link ScratchTimestamps}), and {@link UUID#randomUUID()}; plus the clock read every timestamp starts with,
 * to show what the rest costs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UniqueIdBenchmark {
    static final int HOST_ID = 42;

    private ScratchTimestamps file;
    private ScratchTimestamps nanoTimeFile;
    private UniqueTimestamps timestamps;
    private UniqueTimestamps nanoTimeTimestamps;

    @Setup(Level.Trial)
    public void open() {
        file = new ScratchTimestamps(HOST_ID, SystemTimeProvider.CLOCK);
        timestamps = file.timestamps();
        nanoTimeFile = new ScratchTimestamps(HOST_ID, new NanoTimeClock());
        nanoTimeTimestamps = nanoTimeFile.timestamps();
    }

    @TearDown(Level.Trial)
    public void delete() {
        if (file != null)
            file.close();
        if (nanoTimeFile != null)
            nanoTimeFile.close();
    }

    @Benchmark
    public long uniqueTimestamp() {
        return timestamps.next();
    }

    /** The same on a clock that reads {@code System.nanoTime()} only: what a cheaper clock would save. */
    @Benchmark
    public long uniqueTimestampOnNanoTimeClock() {
        return nanoTimeTimestamps.next();
    }

    @Benchmark
    public UUID randomUuid() {
        return UUID.randomUUID();
    }

    /** The wall clock, as {@link UniqueTimestamps#next()} reads it first: {@code nanoTime} and {@code currentTimeMillis}. */
    @Benchmark
    public long clock() {
        return SystemTimeProvider.CLOCK.currentTimeNanos();
    }

    /** One of the two reads {@link #clock()} makes. */
    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }
}
