package io.celerity.benchmarks.jmh;

import io.celerity.examples.matching.BookUpdates;
import io.celerity.examples.matching.CancelRejected;
import io.celerity.examples.matching.ExecType;
import io.celerity.examples.matching.ExecutionReport;
import io.celerity.examples.matching.ExecutionReports;
import io.celerity.examples.matching.LevelUpdate;

/** The matching engine's outputs, counted instead of written, so the benchmark measures the engine alone. */
final class CountingOutputs implements ExecutionReports, BookUpdates {
    long reports;
    long filled;
    long levelUpdates;
    long rejected;

    @Override
    public void executionReport(ExecutionReport report) {
        reports++;
        if (report.execType == ExecType.FILLED)
            filled++;
        else if (report.execType == ExecType.REJECTED)
            rejected++;
    }

    @Override
    public void cancelRejected(CancelRejected cancelRejected) {
        rejected++;
    }

    @Override
    public void levelUpdate(LevelUpdate update) {
        levelUpdates++;
    }
}
