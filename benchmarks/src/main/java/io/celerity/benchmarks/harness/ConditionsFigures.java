package io.celerity.benchmarks.harness;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** One run's {@link RunConditions} as written to the JSON results, per message where that reads better. */
public final class ConditionsFigures extends SelfDescribingMarshallable {
    String run;
    double senderPageFaultsPerMessage;
    double handlersPageFaultsPerMessage;
    double senderCpuWaitMillis;
    double handlersCpuWaitMillis;
    long preemptions;
    long blockedSwitches;
    long jitMillis;
    double loadAverage;

    static ConditionsFigures of(RunResult run) {
        RunConditions c = run.conditions();
        ConditionsFigures f = new ConditionsFigures();
        f.run = String.valueOf(run.run());
        f.senderPageFaultsPerMessage = ConditionsTable.faultsPerMessage(c.sender(), run);
        f.handlersPageFaultsPerMessage = ConditionsTable.faultsPerMessage(c.handlers(), run);
        f.senderCpuWaitMillis = c.sender().cpuWaitNanos() / 1e6;
        f.handlersCpuWaitMillis = c.handlers().cpuWaitNanos() / 1e6;
        f.preemptions = c.sender().preemptions() + c.handlers().preemptions();
        f.blockedSwitches = c.sender().blockedSwitches() + c.handlers().blockedSwitches();
        f.jitMillis = c.jitMillis();
        f.loadAverage = c.loadAverage();
        return f;
    }
}
