package ${package}.fix;

import ${package}.Order;
import ${package}.OrderCheckListener;
import ${package}.OrderRejected;
import ${package}.fix.codecs.ExecType;
import ${package}.fix.codecs.OrdStatus;
import ${package}.fix.codecs.Side;
import ${package}.fix.codecs.builder.ExecutionReportEncoder;
import io.celerity.fix.FixSessions;
import net.openhft.chronicle.wire.Base85LongConverter;
import uk.co.real_logic.artio.fields.DecimalFloat;

/**
 * The FIX edge, outbound: each verdict of the order checker becomes a FIX 4.4 ExecutionReport, New or Rejected (the
 * reason in Text), sent on the session whose order it answers. Encoder and buffers are reused: no allocation per
 * report.
 */
public final class VerdictsToFix implements OrderCheckListener {

    private final FixSessions sessions;
    private final ExecutionReportEncoder report = new ExecutionReportEncoder();
    // One field's text at a time: an encoder copies a CharSequence as it is set.
    private final StringBuilder text = new StringBuilder(20);
    private final DecimalFloat price = new DecimalFloat();

    public VerdictsToFix(FixSessions sessions) {
        this.sessions = sessions;
    }

    @Override
    public void accepted(Order order) {
        ExecutionReportEncoder e = start(order.orderId, order.symbol, ExecType.NEW, OrdStatus.NEW);
        price.fromDouble(order.price);
        e.side(order.side == ${package}.Side.BUY ? Side.BUY : Side.SELL)
                .orderQty(order.quantity, 0).leavesQty(order.quantity, 0).price(price);
        sessions.reply(e);
    }

    @Override
    public void rejected(OrderRejected rejected) {
        ExecutionReportEncoder e = start(rejected.orderId, rejected.symbol, ExecType.REJECTED, OrdStatus.REJECTED);
        e.side(Side.UNDISCLOSED) // required; the verdict does not carry it
                .leavesQty(0, 0).text(rejected.reason);
        sessions.reply(e);
    }

    private ExecutionReportEncoder start(long orderId, long symbol, ExecType execType, OrdStatus ordStatus) {
        ExecutionReportEncoder e = report;
        e.resetMessage(); // the previous report's optional fields must not carry over
        e.orderID(number(orderId)).execID(number(orderId)).clOrdID(number(orderId))
                .execType(execType).ordStatus(ordStatus).symbol(symbol(symbol)).cumQty(0, 0).avgPx(0, 0);
        return e;
    }

    private CharSequence number(long n) {
        text.setLength(0);
        return text.append(n);
    }

    private CharSequence symbol(long packed) {
        text.setLength(0);
        Base85LongConverter.INSTANCE.append(text, packed);
        return text;
    }
}
