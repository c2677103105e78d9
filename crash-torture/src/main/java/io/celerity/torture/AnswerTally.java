package io.celerity.torture;

import io.celerity.examples.oms.ExecType;
import io.celerity.examples.oms.ExecutionReport;
import io.celerity.examples.oms.ExecutionReports;
import io.celerity.examples.oms.OrderCancelReject;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;

import java.io.PrintStream;
import java.nio.file.Path;

/** The OMS's answers on a reports queue, counted by kind: execution reports by type, and cancel rejects. */
final class AnswerTally implements ExecutionReports {

    private final long[] byExecType = new long[ExecType.values().length];
    private long cancelRejects;

    static AnswerTally read(Path reports) {
        AnswerTally tally = new AnswerTally();
        try (ChronicleQueue queue = SingleChronicleQueueBuilder.binary(reports).readOnly(true).build();
             ExcerptTailer tailer = queue.createTailer()) {
            MethodReader reader = tailer.methodReader(tally);
            while (reader.readOne()) {
                // each answer counted by the methods below
            }
        }
        return tally;
    }

    @Override
    public void executionReport(ExecutionReport report) {
        byExecType[report.execType.ordinal()]++;
    }

    @Override
    public void orderCancelReject(OrderCancelReject reject) {
        cancelRejects++;
    }

    void print(PrintStream out) {
        long total = cancelRejects;
        StringBuilder kinds = new StringBuilder();
        for (ExecType type : ExecType.values()) {
            total += byExecType[type.ordinal()];
            kinds.append(String.format("%s %,d, ", type, byExecType[type.ordinal()]));
        }
        out.printf("answers on host a: %,d (%scancel rejects %,d)%n", total, kinds, cancelRejects);
    }
}
