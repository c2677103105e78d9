package io.celerity.benchmarks.harness;

/**
 * What happened around the measured threads during a run, to tell the system under test from the machine: what the
 * OS did to the sending thread and to the handling threads, the JIT's work meanwhile and the machine's load.
 *
 * @param sender      counters of the thread that sends, over the run
 * @param handlers    counters of the task's handling threads together, over the run
 * @param jitMillis   time the JIT compilers spent compiling during the run (they compete for the same CPUs)
 * @param loadAverage the one-minute load average at the end of the run (other processes included)
 */
public record RunConditions(ThreadCounters sender, ThreadCounters handlers, long jitMillis, double loadAverage) {

    /** For a run whose conditions were not measured (e.g. not on Linux). */
    public static final RunConditions UNMEASURED =
            new RunConditions(ThreadCounters.ZERO, ThreadCounters.ZERO, 0, Double.NaN);

    public boolean measured() {
        return this != UNMEASURED;
    }

    /** One line for a run's progress report. */
    String describe(long messages) {
        if (!measured())
            return "OS counters not available here";
        return String.format("sender %s; handlers %s; JIT %,d ms; load average %.2f", describe(sender, messages),
                describe(handlers, messages), jitMillis, loadAverage);
    }

    private static String describe(ThreadCounters c, long messages) {
        return String.format("%.5f page faults/msg (%d major), waited %.1f ms for a CPU, %,d preemptions, "
                        + "%,d times blocked", (double) (c.minorFaults() + c.majorFaults()) / messages, c.majorFaults(),
                c.cpuWaitNanos() / 1e6, c.preemptions(), c.blockedSwitches());
    }
}
