package io.celerity.fixtest;

import io.celerity.fix.FixSessions;
import io.celerity.fixtest.codecs.builder.ExecutionReportEncoder;

/** The tests' outbound mapping: each of the desk's acks to a FIX 4.4 ExecutionReport to the session it answers. */
public final class DeskToFix implements DeskOut {

    private final FixSessions sessions;
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();

    public DeskToFix(FixSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public void ack(Ack ack) {
        report.orderID(Long.toString(ack.orderId))
                .execID("E" + ack.orderId)
                .clOrdID(ack.clOrdId)
                .execType(ack.status)
                .ordStatus(ack.status)
                .symbol(ack.symbol)
                .side(ack.side)
                .leavesQty(ack.quantity, 0)
                .cumQty(0, 0)
                .avgPx(0, 0);
        sessions.reply(report);
    }
}
