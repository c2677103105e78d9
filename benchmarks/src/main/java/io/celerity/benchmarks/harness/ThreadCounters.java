package io.celerity.benchmarks.harness;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What Linux counted for one or more threads: page faults, switches away from the CPU (blocked in the kernel, or
 * preempted) and the time spent runnable but waiting for a CPU. Differences between two readings cover a run.
 *
 * @param minorFaults         page faults served without I/O (e.g. a fresh page of a mapped file)
 * @param majorFaults         page faults that needed the page read, or a page cache miss
 * @param blockedSwitches     voluntary switches: the thread slept (a lock, I/O, a safepoint), not a spinner's choice
 * @param preemptions         involuntary switches: the scheduler gave the CPU to another thread
 * @param cpuWaitNanos        time runnable but not running, waiting for a CPU
 * @param kernelNanos         CPU time spent in the kernel (page faults, system calls), at clock-tick resolution
 */
public record ThreadCounters(long minorFaults, long majorFaults, long blockedSwitches, long preemptions,
                             long cpuWaitNanos, long kernelNanos) {

    /** Where Linux keeps the counters; elsewhere they are not measured. */
    private static final Path TASKS = Path.of("/proc/self/task");
    /** Linux's USER_HZ, the unit of the CPU times in /proc: 100 on every architecture the JDK runs on. */
    private static final long NANOS_PER_TICK = 10_000_000;

    public static final ThreadCounters ZERO = new ThreadCounters(0, 0, 0, 0, 0, 0);

    static boolean available() {
        return Files.isReadable(TASKS.resolve(String.valueOf(ProcessHandle.current().pid())).resolve("schedstat"));
    }

    /** The counters of the threads with these native ids, summed. */
    static ThreadCounters read(int[] tids) {
        ThreadCounters sum = ZERO;
        for (int tid : tids)
            sum = sum.plus(read(tid));
        return sum;
    }

    private static ThreadCounters read(int tid) {
        Path task = TASKS.resolve(String.valueOf(tid));
        try {
            String stat = Files.readString(task.resolve("stat"));
            // after "pid (comm) ": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            List<String> status = Files.readAllLines(task.resolve("status"));
            String[] schedstat = Files.readString(task.resolve("schedstat")).trim().split(" ");
            return new ThreadCounters(Long.parseLong(f[7]), Long.parseLong(f[9]),
                    statusValue(status, "voluntary_ctxt_switches:"), statusValue(status, "nonvoluntary_ctxt_switches:"),
                    Long.parseLong(schedstat[1]), Long.parseLong(f[12]) * NANOS_PER_TICK);
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("cannot read the counters of thread " + tid + " under " + task, e);
        }
    }

    private static long statusValue(List<String> status, String key) {
        for (String line : status)
            if (line.startsWith(key))
                return Long.parseLong(line.substring(key.length()).trim());
        throw new IllegalArgumentException("no '" + key + "' line");
    }

    ThreadCounters plus(ThreadCounters o) {
        return new ThreadCounters(minorFaults + o.minorFaults, majorFaults + o.majorFaults,
                blockedSwitches + o.blockedSwitches, preemptions + o.preemptions, cpuWaitNanos + o.cpuWaitNanos,
                kernelNanos + o.kernelNanos);
    }

    ThreadCounters minus(ThreadCounters o) {
        return new ThreadCounters(minorFaults - o.minorFaults, majorFaults - o.majorFaults,
                blockedSwitches - o.blockedSwitches, preemptions - o.preemptions, cpuWaitNanos - o.cpuWaitNanos,
                kernelNanos - o.kernelNanos);
    }
}
