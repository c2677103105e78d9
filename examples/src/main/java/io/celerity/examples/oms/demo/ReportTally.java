package io.celerity.examples.oms.demo;

import io.celerity.examples.demo.HopLatencies;
import io.celerity.examples.oms.ExecType;
import io.celerity.examples.oms.ExecutionReport;
import io.celerity.examples.oms.ExecutionReports;
import io.celerity.examples.oms.OrderCancelReject;
import net.openhft.chronicle.wire.MessageHistory;
import org.agrona.collections.Long2LongHashMap;

import java.io.PrintStream;

/**
 * Counts the answers on the reports queue and times them from their message history:
 * [gateway read, gateway write, risk read, risk write, manager read, manager write], the first source being the
 * request's index in the orders queue, which leads to the time it was due to be sent.
 */
final class ReportTally implements ExecutionReports {

    private static final int TIMINGS = 6;

    private final HopLatencies latencies = new HopLatencies("end to end (request due -> report written)",
            "wire to wire (gateway reads -> report written)", "request due -> gateway reads", "order gateway",
            "validated queue (write -> read)", "risk check", "checked queue (write -> read)", "order manager");
    private final long[] byExecType = new long[ExecType.values().length];
    private final Long2LongHashMap dueByIndex;
    private long cancelRejects;

    ReportTally(Long2LongHashMap dueByIndex) {
        this.dueByIndex = dueByIndex;
    }

    @Override
    public void executionReport(ExecutionReport report) {
        byExecType[report.execType.ordinal()]++;
        time();
    }

    @Override
    public void orderCancelReject(OrderCancelReject reject) {
        cancelRejects++;
        time();
    }

    private void time() {
        MessageHistory h = MessageHistory.get();
        long due = h.sources() == 0 ? dueByIndex.missingValue() : dueByIndex.get(h.sourceIndex(0));
        if (due == dueByIndex.missingValue() || h.timings() < TIMINGS)
            return; // warm-up or an earlier run: counted, not timed
        latencies.record(0, h.timing(5) - due);
        latencies.record(1, h.timing(5) - h.timing(0));
        latencies.record(2, h.timing(0) - due);
        for (int hop = 3; hop <= 7; hop++)
            latencies.record(hop, h.timing(hop - 2) - h.timing(hop - 3));
    }

    long reports() {
        long n = cancelRejects;
        for (long count : byExecType)
            n += count;
        return n;
    }

    long timed() {
        return latencies.count(0);
    }

    void printCounts(PrintStream out, long requests) {
        out.printf("%nrequests in %,d   answers out %,d: new %,d, replaced %,d, canceled %,d, rejected %,d, "
                        + "cancel/replace rejected %,d%n", requests, reports(), byExecType[ExecType.NEW.ordinal()],
                byExecType[ExecType.REPLACED.ordinal()], byExecType[ExecType.CANCELED.ordinal()],
                byExecType[ExecType.REJECTED.ordinal()], cancelRejects);
    }

    void printLatencies(PrintStream out) {
        latencies.print(out);
    }
}
