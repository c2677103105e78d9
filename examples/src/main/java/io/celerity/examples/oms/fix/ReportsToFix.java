package io.celerity.examples.oms.fix;

import io.celerity.examples.oms.ExecutionReport;
import io.celerity.examples.oms.ExecutionReports;
import io.celerity.examples.oms.OrderCancelReject;
import io.celerity.examples.oms.RejectReason;
import io.celerity.examples.oms.RequestType;
import io.celerity.examples.oms.fix.codecs.CxlRejReason;
import io.celerity.examples.oms.fix.codecs.CxlRejResponseTo;
import io.celerity.examples.oms.fix.codecs.ExecType;
import io.celerity.examples.oms.fix.codecs.OrdRejReason;
import io.celerity.examples.oms.fix.codecs.OrdStatus;
import io.celerity.examples.oms.fix.codecs.Side;
import io.celerity.examples.oms.fix.codecs.builder.ExecutionReportEncoder;
import io.celerity.examples.oms.fix.codecs.builder.OrderCancelRejectEncoder;
import io.celerity.fix.FixSessions;
import net.openhft.chronicle.wire.Base85LongConverter;
import uk.co.real_logic.artio.fields.DecimalFloat;
import uk.co.real_logic.artio.fields.EpochFractionFormat;
import uk.co.real_logic.artio.fields.UtcTimestampEncoder;

import java.util.concurrent.TimeUnit;

/**
 * The OMS's FIX front door, outbound: each execution report and cancel reject the OMS writes becomes a FIX 4.4
 * ExecutionReport (8) or OrderCancelReject (9), sent on the session whose request it answers. Encoders and buffers
 * are reused: no allocation per report.
 */
public final class ReportsToFix implements ExecutionReports {
    /** FIX's OrderID for an order that was never opened (FIX 4.4, OrderCancelReject). */
    private static final String NO_ORDER = "NONE";
    /** The decimal places a price may go out with: 8 at most. */
    private static final double[] POW10 = {1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8};

    private final FixSessions sessions;
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    private final OrderCancelRejectEncoder cancelReject = new OrderCancelRejectEncoder();
    // One field's text at a time: an encoder copies a CharSequence as it is set.
    private final StringBuilder text = new StringBuilder(20);
    private final DecimalFloat price = new DecimalFloat();
    // FIX 4.4's UTCTimestamp has milliseconds.
    private final UtcTimestampEncoder timestamp = new UtcTimestampEncoder(EpochFractionFormat.MILLISECONDS);

    public ReportsToFix(FixSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public void executionReport(ExecutionReport r) {
        ExecutionReportEncoder e = report;
        e.resetMessage(); // the previous report's optional fields (OrigClOrdID, OrdRejReason...) must not carry over
        e.orderID(orderID(r.orderID)).execID(number(r.execID)).clOrdID(id(r.clOrdID))
                .execType(execType(r.execType)).ordStatus(ordStatus(r.ordStatus)).side(side(r.side))
                .symbol(id(r.symbol)).orderQty(r.orderQty, 0).leavesQty(r.leavesQty, 0).cumQty(r.cumQty, 0)
                .avgPx(0, 0); // required; this OMS never fills, so there is no average price yet
        if (r.origClOrdID != 0)
            e.origClOrdID(id(r.origClOrdID));
        if (r.account != 0)
            e.account(id(r.account));
        if (r.price != 0 && Double.isFinite(r.price))
            e.price(price(r.price));
        if (r.execType == io.celerity.examples.oms.ExecType.REJECTED)
            e.ordRejReason(ordRejReason(r.rejectReason)).text(r.rejectReason.name());
        int length = timestamp.encodeFrom(r.transactTime, TimeUnit.NANOSECONDS);
        e.transactTime(timestamp.buffer(), length); // wraps the buffer, encoded just above
        sessions.reply(e);
    }

    @Override
    public void orderCancelReject(OrderCancelReject r) {
        OrderCancelRejectEncoder e = cancelReject;
        e.resetMessage();
        e.orderID(orderID(r.orderID)).clOrdID(id(r.clOrdID)).origClOrdID(id(r.origClOrdID))
                .ordStatus(ordStatus(r.ordStatus))
                .cxlRejResponseTo(r.responseTo == RequestType.REPLACE ? CxlRejResponseTo.ORDER_CANCEL_REPLACE_REQUEST
                        : CxlRejResponseTo.ORDER_CANCEL_REQUEST)
                .cxlRejReason(cxlRejReason(r.reason)).text(r.reason.name());
        if (r.account != 0)
            e.account(id(r.account));
        int length = timestamp.encodeFrom(r.transactTime, TimeUnit.NANOSECONDS);
        e.transactTime(timestamp.buffer(), length);
        sessions.reply(e);
    }

    private CharSequence orderID(long orderID) {
        return orderID == 0 ? NO_ORDER : number(orderID);
    }

    private CharSequence number(long n) {
        text.setLength(0);
        return text.append(n);
    }

    /** A Base85 id (ClOrdID, Account, Symbol) back to the text the client sent. */
    private CharSequence id(long packed) {
        text.setLength(0);
        Base85LongConverter.INSTANCE.append(text, packed);
        return text;
    }

    /**
     * The most decimal places at which the price is still a whole number a double holds exactly: 10.5 goes out as 10.5
     * and 123456789.123 as itself, where DecimalFloat.fromDouble writes 123456789.122999995.
     */
    private DecimalFloat price(double value) {
        int scale = POW10.length - 1;
        while (scale > 0 && Math.abs(value * POW10[scale]) >= 0x1p53)
            scale--;
        return price.set(Math.round(value * POW10[scale]), scale); // set normalises: 105 at scale 1, not 1050000000
    }

    private static ExecType execType(io.celerity.examples.oms.ExecType execType) {
        return switch (execType) {
            case NEW -> ExecType.NEW;
            case CANCELED -> ExecType.CANCELED;
            case REPLACED -> ExecType.REPLACE;
            case REJECTED -> ExecType.REJECTED;
        };
    }

    private static OrdStatus ordStatus(io.celerity.examples.oms.OrdStatus ordStatus) {
        return switch (ordStatus) {
            case NEW -> OrdStatus.NEW; // a replaced order too: FIX 4.4 reports the order's state, still new
            case CANCELED -> OrdStatus.CANCELED;
            case REJECTED -> OrdStatus.REJECTED;
        };
    }

    private static Side side(io.celerity.examples.oms.Side side) {
        if (side == null) // Side is required in a report, even of a request that had none (not one from FIX)
            return Side.UNDISCLOSED;
        return side == io.celerity.examples.oms.Side.BUY ? Side.BUY : Side.SELL;
    }

    /** OrdRejReason(103): the FIX reason where there is one; Text(58) always carries the OMS's own. */
    private static OrdRejReason ordRejReason(RejectReason reason) {
        return switch (reason) {
            case UNKNOWN_SYMBOL -> OrdRejReason.UNKNOWN_SYMBOL;
            case UNKNOWN_ACCOUNT -> OrdRejReason.UNKNOWN_ACCOUNT;
            case ORDER_QTY_LIMIT, ORDER_NOTIONAL_LIMIT, GROSS_NOTIONAL_LIMIT -> OrdRejReason.ORDER_EXCEEDS_LIMIT;
            case BAD_QUANTITY -> OrdRejReason.INCORRECT_QUANTITY;
            case DUPLICATE_CLORDID -> OrdRejReason.DUPLICATE_ORDER;
            case UNKNOWN_ORDER -> OrdRejReason.UNKNOWN_ORDER;
            default -> OrdRejReason.OTHER;
        };
    }

    /** CxlRejReason(102): likewise. */
    private static CxlRejReason cxlRejReason(RejectReason reason) {
        return switch (reason) {
            case UNKNOWN_ORDER -> CxlRejReason.UNKNOWN_ORDER;
            case DUPLICATE_CLORDID -> CxlRejReason.DUPLICATE_CLORDID_RECEIVED;
            default -> CxlRejReason.OTHER;
        };
    }
}
