package io.celerity.benchmarks.pages;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * The calling thread's page faults, CPU waits and switches, read from Linux without allocating: an allocation could
 * itself fault on fresh heap and be counted. Open and use it on one thread.
 */
final class ThisThreadCounters implements AutoCloseable {
    private final FileChannel stat = FileChannel.open(Path.of("/proc/thread-self/stat"));
    private final FileChannel schedstat = FileChannel.open(Path.of("/proc/thread-self/schedstat"));
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(1024);
    private long faults;
    private long cpuWaitNanos;
    private long timesScheduled;

    ThisThreadCounters() throws IOException {
    }

    /** Reads them all now; the getters then return these values. */
    void read() throws IOException {
        int end = load(stat);
        int i = end - 1;
        while (buffer.get(i) != ')')
            i--;
        // after "pid (comm) ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
        faults = field(i + 2, end, 7) + field(i + 2, end, 9);
        end = load(schedstat);
        // on-CPU time, time waiting on a run queue, times scheduled in
        cpuWaitNanos = field(0, end, 1);
        timesScheduled = field(0, end, 2);
    }

    long faults() {
        return faults;
    }

    long cpuWaitNanos() {
        return cpuWaitNanos;
    }

    /** Every time the thread got a CPU back: after a preemption or after sleeping. */
    long timesScheduled() {
        return timesScheduled;
    }

    private int load(FileChannel file) throws IOException {
        buffer.clear();
        file.read(buffer, 0);
        return buffer.position();
    }

    /** The number in space-separated field {@code n} (0-based) of the buffer from {@code from}. */
    private long field(int from, int end, int n) {
        int field = 0;
        long value = 0;
        for (int i = from; i < end; i++) {
            byte b = buffer.get(i);
            if (b == ' ' || b == '\n') {
                if (field == n)
                    return value;
                field++;
            } else if (field == n) {
                value = value * 10 + (b - '0');
            }
        }
        return value;
    }

    @Override
    public void close() throws IOException {
        stat.close();
        schedstat.close();
    }
}
