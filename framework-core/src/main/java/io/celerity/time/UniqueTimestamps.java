package io.celerity.time;

import net.openhft.chronicle.core.time.TimeProvider;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;

/**
 * Unique 64-bit timestamps: wall-clock nanoseconds since the epoch, rounded to 100 ns, with the host id (0-99) in the
 * lowest two decimal digits. Strictly increasing across every process on the host that shares the file: the last value
 * handed out lives in a memory-mapped file and each new one is claimed with a compare-and-swap. No allocation, no lock.
 */
public final class UniqueTimestamps implements AutoCloseable {

    private static final VarHandle LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final int HOST_DIGITS = 100;

    private final int hostId;
    private final TimeProvider clock;
    private final ByteBuffer last;
    private final FileChannel file;

    private UniqueTimestamps(int hostId, TimeProvider clock, ByteBuffer last, FileChannel file) {
        if (hostId < 0 || hostId >= HOST_DIGITS)
            throw new IllegalArgumentException("host id " + hostId + " is out of range; expected 0-99");
        this.hostId = hostId;
        this.clock = clock;
        this.last = last;
        this.file = file;
    }

    /** Timestamps unique across every process on this host that opens the same {@code file}. */
    public static UniqueTimestamps shared(Path file, int hostId, TimeProvider clock) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            return new UniqueTimestamps(hostId, clock, channel.map(FileChannel.MapMode.READ_WRITE, 0, Long.BYTES),
                    channel);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the unique timestamp file " + file, e);
        }
    }

    /** Timestamps unique within this object only; deterministic for a given clock, as tests need. */
    public static UniqueTimestamps inMemory(int hostId, TimeProvider clock) {
        return new UniqueTimestamps(hostId, clock, ByteBuffer.allocateDirect(Long.BYTES), null);
    }

    /** A source with this one's host id and clock but a sequence of its own, e.g. for inputs replayed on restart. */
    public UniqueTimestamps detached() {
        return inMemory(hostId, clock);
    }

    /** Where hosts share their last timestamp by default: shared memory when the OS has it. */
    public static Path defaultFile() {
        Path shm = Path.of("/dev/shm");
        return (Files.isDirectory(shm) ? shm : Path.of(System.getProperty("java.io.tmpdir")))
                .resolve("celerity-unique-timestamps");
    }

    /** The next timestamp: the current time, or just after the last one handed out when the clock has not moved on. */
    public long next() {
        long now = clock.currentTimeNanos() / HOST_DIGITS * HOST_DIGITS + hostId;
        while (true) {
            long previous = (long) LONG.getVolatile(last, 0);
            long next = now > previous ? now : (previous / HOST_DIGITS + 1) * HOST_DIGITS + hostId;
            if (LONG.compareAndSet(last, 0, previous, next))
                return next;
        }
    }

    /** The host that made {@code timestamp}. */
    public static int hostIdOf(long timestamp) {
        return (int) (timestamp % HOST_DIGITS);
    }

    /** E.g. {@code 2026-03-02T09:30:00.000000100Z host 7}. */
    public static String format(long timestamp) {
        long nanos = timestamp - hostIdOf(timestamp);
        return Instant.ofEpochSecond(nanos / 1_000_000_000L, nanos % 1_000_000_000L) + " host " + hostIdOf(timestamp);
    }

    @Override
    public void close() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
