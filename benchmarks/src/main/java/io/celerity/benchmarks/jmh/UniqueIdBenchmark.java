package io.celerity.benchmarks.jmh;

import io.celerity.time.CalibratedClock;
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
 * file, see {@link ScratchTimestamps}) on the host's default clock, {@link CalibratedClock}, and
 * {@link UUID#randomUUID()}; plus the same timestamps on Chronicle's {@link SystemTimeProvider}, the default before,
 * and the clock reads every timestamp starts with, to show what the rest costs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class UniqueIdBenchmark {
    static final int HOST_ID = 42;

    private ScratchTimestamps file;
    private ScratchTimestamps chronicleClockFile;
    private UniqueTimestamps timestamps;
    private UniqueTimestamps chronicleClockTimestamps;

    @Setup(Level.Trial)
    public void open() {
        file = new ScratchTimestamps(HOST_ID, CalibratedClock.system());
        timestamps = file.timestamps();
        chronicleClockFile = new ScratchTimestamps(HOST_ID, SystemTimeProvider.CLOCK);
        chronicleClockTimestamps = chronicleClockFile.timestamps();
    }

    @TearDown(Level.Trial)
    public void delete() {
        if (file != null)
            file.close();
        if (chronicleClockFile != null)
            chronicleClockFile.close();
    }

    /** As a host draws them: on {@link CalibratedClock}, which reads {@code System.nanoTime()} once a call. */
    @Benchmark
    public long uniqueTimestamp() {
        return timestamps.next();
    }

    /** The same on Chronicle's clock, which reads {@code nanoTime} and {@code currentTimeMillis} every call. */
    @Benchmark
    public long uniqueTimestampOnChronicleClock() {
        return chronicleClockTimestamps.next();
    }

    @Benchmark
    public UUID randomUuid() {
        return UUID.randomUUID();
    }

    /** The wall clock, as {@link #uniqueTimestamp()} reads it first. */
    @Benchmark
    public long clock() {
        return CalibratedClock.system().currentTimeNanos();
    }

    /** The wall clock, as {@link #uniqueTimestampOnChronicleClock()} reads it first. */
    @Benchmark
    public long chronicleClock() {
        return SystemTimeProvider.CLOCK.currentTimeNanos();
    }

    /** The one read {@link #clock()} makes on most calls. */
    @Benchmark
    public long nanoTime() {
        return System.nanoTime();
    }
}
