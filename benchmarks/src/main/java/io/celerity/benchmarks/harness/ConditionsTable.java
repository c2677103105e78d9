package io.celerity.benchmarks.harness;

import java.io.PrintStream;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Prints, per run, what the OS did to the measured threads and what the JIT did meanwhile: the counts that tell a
 * stall of the system under test (page faults, blocking, its own JIT work) from a busy machine (CPU waits, load).
 */
final class ConditionsTable {
    private ConditionsTable() {
    }

    static void print(List<RunResult> runs, PrintStream out) {
        if (!runs.get(0).conditions().measured())
            return;
        out.printf("%n%-34s", "OS and JIT, per run");
        for (RunResult run : runs)
            out.printf(" %9s", "run " + run.run());
        out.println();
        row(out, runs, "sender page faults/msg", "%9.5f", r -> faultsPerMessage(r.conditions().sender(), r));
        row(out, runs, "handlers page faults/msg", "%9.5f", r -> faultsPerMessage(r.conditions().handlers(), r));
        row(out, runs, "sender in the kernel (ms)", "%9.0f", r -> r.conditions().sender().kernelNanos() / 1e6);
        row(out, runs, "handlers in the kernel (ms)", "%9.0f", r -> r.conditions().handlers().kernelNanos() / 1e6);
        row(out, runs, "sender waited for a CPU (ms)", "%9.1f", r -> r.conditions().sender().cpuWaitNanos() / 1e6);
        row(out, runs, "handlers waited for a CPU (ms)", "%9.1f",
                r -> r.conditions().handlers().cpuWaitNanos() / 1e6);
        row(out, runs, "preemptions (all measured)", "%9.0f",
                r -> r.conditions().sender().preemptions() + r.conditions().handlers().preemptions());
        row(out, runs, "blocked in the kernel (all)", "%9.0f",
                r -> r.conditions().sender().blockedSwitches() + r.conditions().handlers().blockedSwitches());
        row(out, runs, "JVM's JIT threads, CPU (ms)", "%9.0f", r -> r.conditions().others().jitNanos() / 1e6);
        row(out, runs, "JVM's GC threads, CPU (ms)", "%9.0f", r -> r.conditions().others().gcNanos() / 1e6);
        row(out, runs, "JVM's other threads, CPU (ms)", "%9.0f", r -> r.conditions().others().restNanos() / 1e6);
        row(out, runs, "written back, whole machine (MB)", "%9.0f", r -> r.conditions().writtenBack() / 1048576.0);
        row(out, runs, "load average at the end", "%9.2f", r -> r.conditions().loadAverage());
    }

    static double faultsPerMessage(ThreadCounters c, RunResult run) {
        return (double) (c.minorFaults() + c.majorFaults()) / run.messages();
    }

    private static void row(PrintStream out, List<RunResult> runs, String label, String format,
                            ToDoubleFunction<RunResult> value) {
        out.printf("%-34s", label);
        for (RunResult run : runs)
            out.printf(" " + format, value.applyAsDouble(run));
        out.println();
    }
}
