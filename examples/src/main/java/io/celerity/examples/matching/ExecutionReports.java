package io.celerity.examples.matching;

/** What happens to orders and cancels: the engine's replies to its clients. */
public interface ExecutionReports {
    /** An order was accepted, filled, cancelled or rejected. */
    void executionReport(ExecutionReport report);

    /** A cancel was refused. */
    void cancelRejected(CancelRejected rejected);
}
