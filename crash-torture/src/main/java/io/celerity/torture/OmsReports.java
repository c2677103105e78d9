package io.celerity.torture;

import io.celerity.examples.oms.ExecutionReport;
import io.celerity.examples.oms.ExecutionReports;
import io.celerity.examples.oms.OrderCancelReject;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The OMS's answers on its reports queue as a multiset of their content. A report's execID (a unique timestamp) and
 * transactTime (the clock) differ between any two runs, so they are left out; every other field must match.
 */
final class OmsReports {

    private final Map<String, Integer> counts = new HashMap<>();
    private long total;

    private OmsReports() {
    }

    /** Reads every document of the queue at {@code path}. */
    static OmsReports read(Path path) {
        OmsReports reports = new OmsReports();
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(path).build();
             ExcerptTailer tailer = queue.createTailer()) {
            MethodReader reader = tailer.methodReader(reports.collector());
            while (reader.readOne()) {
                // each answer goes into the multiset
            }
        }
        return reports;
    }

    long total() {
        return total;
    }

    /** How {@code actual} differs from this reference run. */
    Difference compare(OmsReports actual) {
        long lost = 0;
        long duplicated = 0;
        long unexpected = 0;
        for (Map.Entry<String, Integer> e : counts.entrySet()) {
            int got = actual.counts.getOrDefault(e.getKey(), 0);
            lost += Math.max(0, e.getValue() - got);
            duplicated += Math.max(0, got - e.getValue());
        }
        for (Map.Entry<String, Integer> e : actual.counts.entrySet())
            if (!counts.containsKey(e.getKey()))
                unexpected += e.getValue();
        return new Difference(actual.total, lost, duplicated, unexpected);
    }

    private void add(String content) {
        counts.merge(content, 1, Integer::sum);
        total++;
    }

    private ExecutionReports collector() {
        return new ExecutionReports() {
            @Override
            public void executionReport(ExecutionReport r) {
                add("report " + r.orderID + ' ' + r.clOrdID + ' ' + r.origClOrdID + ' ' + r.account + ' ' + r.symbol
                        + ' ' + r.side + ' ' + r.execType + ' ' + r.ordStatus + ' ' + r.rejectReason + ' ' + r.price
                        + ' ' + r.orderQty + ' ' + r.leavesQty + ' ' + r.cumQty);
            }

            @Override
            public void orderCancelReject(OrderCancelReject r) {
                add("cancel-reject " + r.orderID + ' ' + r.clOrdID + ' ' + r.origClOrdID + ' ' + r.account + ' '
                        + r.ordStatus + ' ' + r.responseTo + ' ' + r.reason);
            }
        };
    }

    /**
     * A run's answers against the reference.
     *
     * @param reports    answers the run wrote
     * @param lost       reference answers missing from the run
     * @param duplicated answers the run wrote more often than the reference
     * @param unexpected answers the reference never wrote (e.g. a wrong order id after a state rebuild)
     */
    record Difference(long reports, long lost, long duplicated, long unexpected) {
        boolean clean() {
            return lost == 0 && duplicated == 0 && unexpected == 0;
        }
    }
}
