package io.celerity.benchmarks.harness;

import java.lang.management.ManagementFactory;
import java.util.List;

/** Bytes allocated by a set of threads, from the JVM's per-thread allocation counters. */
final class AllocationMeter {
    private final com.sun.management.ThreadMXBean threads =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    private final long[] ids;

    AllocationMeter(List<Thread> watched) {
        this.ids = watched.stream().mapToLong(Thread::getId).toArray();
        if (!threads.isThreadAllocatedMemorySupported())
            throw new IllegalStateException("this JVM cannot count allocated bytes per thread");
        threads.setThreadAllocatedMemoryEnabled(true);
    }

    /** Total bytes allocated so far by the watched threads (a thread that has ended counts as zero). */
    long allocatedBytes() {
        long total = 0;
        for (long bytes : threads.getThreadAllocatedBytes(ids))
            total += Math.max(0, bytes);
        return total;
    }
}
