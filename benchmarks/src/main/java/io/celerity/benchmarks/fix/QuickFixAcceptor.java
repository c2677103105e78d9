package io.celerity.benchmarks.fix;

import quickfix.ApplicationAdapter;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.MemoryStoreFactory;
import quickfix.Message;
import quickfix.ScreenLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionNotFound;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.field.AvgPx;
import quickfix.field.ClOrdID;
import quickfix.field.CumQty;
import quickfix.field.ExecID;
import quickfix.field.ExecType;
import quickfix.field.LeavesQty;
import quickfix.field.OrdStatus;
import quickfix.field.OrderID;
import quickfix.field.OrderQty;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.fix44.ExecutionReport;
import quickfix.fix44.NewOrderSingle;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/**
 * The peer: a QuickFIX/J acceptor that answers each NewOrderSingle with an ExecutionReport (New) itself, as a
 * service bolted behind QuickFIX/J would at best. In memory, validating against its FIX 4.4 dictionary, as by default.
 */
final class QuickFixAcceptor implements AutoCloseable {

    private final SocketAcceptor acceptor;

    QuickFixAcceptor(int port, String senderCompId, String targetCompId) throws ConfigError {
        String settings = "[default]\nConnectionType=acceptor\nSocketAcceptPort=" + port + "\nStartTime=00:00:00\n"
                + "EndTime=00:00:00\nUseDataDictionary=Y\nDataDictionary=FIX44.xml\n"
                + "[session]\nBeginString=FIX.4.4\nSenderCompID=" + senderCompId + "\nTargetCompID=" + targetCompId + "\n";
        SessionSettings s = new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.US_ASCII)));
        acceptor = new SocketAcceptor(new Answering(), new MemoryStoreFactory(), s, new ScreenLogFactory(false, false,
                false), new DefaultMessageFactory());
        acceptor.start();
    }

    private static final class Answering extends ApplicationAdapter {
        private long orderId;

        @Override
        public void fromApp(Message message, SessionID session) throws FieldNotFound {
            if (!(message instanceof NewOrderSingle order))
                return;
            long id = ++orderId;
            ExecutionReport report = new ExecutionReport(new OrderID(Long.toString(id)), new ExecID("E" + id),
                    new ExecType(ExecType.NEW), new OrdStatus(OrdStatus.NEW), new Side(order.getSide().getValue()),
                    new LeavesQty(order.getOrderQty().getValue()), new CumQty(0), new AvgPx(0));
            report.set(new ClOrdID(order.getClOrdID().getValue()));
            report.set(new Symbol(order.getSymbol().getValue()));
            report.set(new OrderQty(order.getOrderQty().getValue()));
            try {
                Session.sendToTarget(report, session);
            } catch (SessionNotFound e) {
                throw new IllegalStateException(e);
            }
        }
    }

    @Override
    public void close() {
        acceptor.stop(true);
    }
}
