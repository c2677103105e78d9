package io.celerity.benchmarks.oms;

import io.celerity.benchmarks.harness.HistoryProbes;
import io.celerity.benchmarks.harness.Probe;
import io.celerity.benchmarks.harness.Probes;
import io.celerity.benchmarks.harness.SinkProbes;
import io.celerity.benchmarks.harness.StartTimes;
import io.celerity.examples.oms.ExecutionReport;
import io.celerity.examples.oms.ExecutionReports;
import io.celerity.examples.oms.OrderCancelReject;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.wire.MessageHistory;

/**
 * The client's end of the OMS, a service on the pipeline's loop: times every answer from when its request was due.
 * The history's first source is the request's index in {@code orders}, whose sequence number is the request number.
 */
public final class ReportSink implements ExecutionReports {
    static final RollCycles ORDERS_ROLL_CYCLE = RollCycles.FAST_DAILY;

    private final Probe endToEnd;
    private final Probe wireToWire;
    private final HistoryProbes hops;
    private final StartTimes startTimes;

    public ReportSink(SinkProbes.Settings settings) {
        Probes probes = SinkProbes.of(settings);
        startTimes = probes.startTimes();
        endToEnd = probes.endToEnd();
        wireToWire = probes.add("wire to wire (gateway reads -> report written)");
        hops = new HistoryProbes(probes, "orders queue (due -> gateway reads)", "order gateway",
                "validated queue", "risk check", "checked queue", "order manager", "reports queue (written -> read)");
    }

    @Override
    public void executionReport(ExecutionReport report) {
        time();
    }

    @Override
    public void orderCancelReject(OrderCancelReject reject) {
        time();
    }

    private void time() {
        long now = System.nanoTime();
        MessageHistory h = MessageHistory.get();
        long start = startTimes.get(ORDERS_ROLL_CYCLE.toSequenceNumber(h.sourceIndex(0)));
        endToEnd.sample(now - start);
        if (h.timings() >= 6)
            wireToWire.sample(h.timing(5) - h.timing(0));
        hops.sample(start, h);
    }
}
