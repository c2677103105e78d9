package io.celerity.examples.oms;

/** What the order manager tells the client: one answer per request. */
public interface ExecutionReports {
    void executionReport(ExecutionReport report);

    void orderCancelReject(OrderCancelReject reject);
}
