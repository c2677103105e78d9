package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** One run's {@link RunConditions} as written to the JSON results, per message where that reads better. */
public final class ConditionsFigures extends SelfDescribingMarshallable {
    String run;
    double senderPageFaultsPerMessage;
    double handlersPageFaultsPerMessage;
    double senderKernelMillis;
    double handlersKernelMillis;
    double senderCpuWaitMillis;
    double handlersCpuWaitMillis;
    long preemptions;
    long blockedSwitches;
    double jitCpuMillis;
    double gcCpuMillis;
    double otherJvmThreadsCpuMillis;
    double writtenBackMegabytes;
    double loadAverage;

    static ConditionsFigures of(RunResult run) {
        RunConditions c = run.conditions();
        ConditionsFigures f = new ConditionsFigures();
        f.run = String.valueOf(run.run());
        f.senderPageFaultsPerMessage = ConditionsTable.faultsPerMessage(c.sender(), run);
        f.handlersPageFaultsPerMessage = ConditionsTable.faultsPerMessage(c.handlers(), run);
        f.senderKernelMillis = c.sender().kernelNanos() / 1e6;
        f.handlersKernelMillis = c.handlers().kernelNanos() / 1e6;
        f.senderCpuWaitMillis = c.sender().cpuWaitNanos() / 1e6;
        f.handlersCpuWaitMillis = c.handlers().cpuWaitNanos() / 1e6;
        f.preemptions = c.sender().preemptions() + c.handlers().preemptions();
        f.blockedSwitches = c.sender().blockedSwitches() + c.handlers().blockedSwitches();
        f.jitCpuMillis = c.others().jitNanos() / 1e6;
        f.gcCpuMillis = c.others().gcNanos() / 1e6;
        f.otherJvmThreadsCpuMillis = c.others().restNanos() / 1e6;
        f.writtenBackMegabytes = c.writtenBack() / 1048576.0;
        f.loadAverage = c.loadAverage();
        return f;
    }
}
