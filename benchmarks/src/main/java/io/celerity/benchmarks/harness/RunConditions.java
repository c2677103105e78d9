package io.celerity.benchmarks.harness;

/**
 * What happened around the measured threads during a run, to tell the system under test from the machine: what the
 * OS did to the sending thread and to the handling threads, the JIT's work meanwhile and the machine's load.
 *
 * @param sender      counters of the thread that sends, over the run
 * @param handlers    counters of the task's handling threads together, over the run
 * @param others      CPU time this JVM's other threads (JIT compilers, GC, the rest) used during the run: with the
 *                    measured threads spinning on every core, each of their nanoseconds was taken from one of them
 * @param writtenBack bytes the kernel wrote back to disk during the run, for the whole machine: on a quiet one,
 *                    the queues' dirty pages once they are old enough (30 s by default), whose writing-back kernel
 *                    threads also compete for the CPUs
 * @param loadAverage the one-minute load average at the end of the run (other processes included)
 */
public record RunConditions(ThreadCounters sender, ThreadCounters handlers, OtherThreadsCpu.Usage others,
                            long writtenBack, double loadAverage) {

    /** For a run whose conditions were not measured (e.g. not on Linux). */
    public static final RunConditions UNMEASURED =
            new RunConditions(ThreadCounters.ZERO, ThreadCounters.ZERO, new OtherThreadsCpu.Usage(0, 0, 0), 0,
            Double.NaN);

    public boolean measured() {
        return this != UNMEASURED;
    }

    /** One line for a run's progress report. */
    String describe(long messages) {
        if (!measured())
            return "OS counters not available here";
        return String.format("sender %s; handlers %s; other threads of this JVM used %,d ms of CPU (JIT %,d, GC %,d); "
                        + "the kernel wrote back %,d MB; load average %.2f", describe(sender, messages),
                describe(handlers, messages), (others.jitNanos() + others.gcNanos() + others.restNanos()) / 1_000_000,
                others.jitNanos() / 1_000_000, others.gcNanos() / 1_000_000, writtenBack >> 20, loadAverage);
    }

    private static String describe(ThreadCounters c, long messages) {
        return String.format("%.5f page faults/msg (%d major), %,d ms in the kernel, waited %.1f ms for a CPU, "
                        + "%,d preemptions, %,d times blocked", (double) (c.minorFaults() + c.majorFaults()) / messages,
                c.majorFaults(), c.kernelNanos() / 1_000_000, c.cpuWaitNanos() / 1e6, c.preemptions(),
                c.blockedSwitches());
    }
}
