package io.celerity.internal.fix;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import io.celerity.config.CelerityConfig;
import io.celerity.fixtest.Cancel;
import io.celerity.fixtest.DeskDeployment;
import io.celerity.fixtest.DeskIn;
import io.celerity.fixtest.Order;
import io.celerity.fixtest.QuickFixClient;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.bytes.MethodReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.Message;
import quickfix.field.BusinessRejectReason;
import quickfix.field.ClOrdID;
import quickfix.field.ExecType;
import quickfix.field.Headline;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.RefMsgType;
import quickfix.field.RefTagID;
import quickfix.field.SessionRejectReason;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TestReqID;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.News;
import quickfix.fix44.OrderCancelRequest;
import quickfix.fix44.TestRequest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The gateway against an independent FIX engine: a QuickFIX/J initiator logs on, sends orders and a cancel, asks for
 * a heartbeat, sends what the mapping does not take and an order without a required tag, and logs out.
 */
class QuickFixConversationTest {

    static final Duration LIVENESS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    @Test
    void aWholeConversation() throws Exception {
        int port = DeskDeployment.freePort();
        Path yaml = DeskDeployment.write(dir.resolve("deploy"), port);
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(yaml));
             QuickFixClient client = new QuickFixClient(port, DeskDeployment.CLIENT, DeskDeployment.US,
                     dir.resolve("client")).start()) {
            client.awaitLogon(LIVENESS);

            client.send(order("c1", Side.BUY, 100, 10.5));
            Message report = client.next(LIVENESS);
            assertEquals(MsgType.EXECUTION_REPORT, report.getHeader().getString(MsgType.FIELD));
            assertEquals("c1", report.getString(ClOrdID.FIELD));
            assertEquals(ExecType.NEW, report.getChar(ExecType.FIELD));

            OrderCancelRequest cancel = new OrderCancelRequest(new OrigClOrdID("c1"), new ClOrdID("c2"),
                    new Side(Side.BUY), new TransactTime());
            cancel.set(new Symbol("VOD.L"));
            client.send(cancel);
            Message canceled = client.next(LIVENESS);
            assertEquals("c2", canceled.getString(ClOrdID.FIELD));
            assertEquals(ExecType.CANCELED, canceled.getChar(ExecType.FIELD));

            client.send(new TestRequest(new TestReqID("are-you-there")));
            Message heartbeat = client.nextAdmin(m -> m.isSetField(TestReqID.FIELD), LIVENESS);
            assertEquals("are-you-there", heartbeat.getString(TestReqID.FIELD));

            client.send(new News(new Headline("not an order")));
            Message businessReject = client.next(LIVENESS);
            assertEquals(MsgType.BUSINESS_MESSAGE_REJECT, businessReject.getHeader().getString(MsgType.FIELD));
            assertEquals(MsgType.NEWS, businessReject.getString(RefMsgType.FIELD));
            assertEquals(BusinessRejectReason.UNSUPPORTED_MESSAGE_TYPE, businessReject.getInt(BusinessRejectReason.FIELD));

            NewOrderSingle noSide = new NewOrderSingle();
            noSide.set(new ClOrdID("c3"));
            noSide.set(new Symbol("VOD.L"));
            noSide.set(new TransactTime());
            noSide.set(new OrdType(OrdType.MARKET));
            client.send(noSide);
            Message reject = client.nextAdmin(m -> isType(m, MsgType.REJECT), LIVENESS);
            assertEquals(Side.FIELD, reject.getInt(RefTagID.FIELD));
            assertEquals(SessionRejectReason.REQUIRED_TAG_MISSING, reject.getInt(SessionRejectReason.FIELD));

            client.send(order("c4", Side.SELL, 5, 11));
            assertEquals("c4", client.next(LIVENESS).getString(ClOrdID.FIELD)); // it carried on

            Map<String, Object> row = sessionStatus(CelerityConfig.load(yaml), 3);
            assertEquals("ACTIVE", row.get("state"), row.toString());
            assertEquals(2L, ((Number) row.get("rejected")).longValue(), row.toString());

            client.session().logout("done");
            client.awaitLogout(LIVENESS);
        }
        assertEquals(List.of("order c1", "cancel c2", "order c4"), deskInputs(dir.resolve("deploy/orders")));
        List<String> errors = badMessages(dir.resolve("deploy/fix-errors"));
        assertEquals(2, errors.size(), errors.toString());
        assertTrue(errors.get(0).contains("unsupported message type"), errors.toString());
        assertTrue(errors.get(1).contains("rejected"), errors.toString());
    }

    /** CLIENT1's row of the gateway's status file once it counts {@code received} messages written. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> sessionStatus(CelerityConfig config, long received) throws Exception {
        long end = System.nanoTime() + LIVENESS.toNanos();
        while (true) {
            Map<String, Map<String, Object>> all = FixStatusFile.readAll(config);
            Map<String, Object> row = all.isEmpty() ? Map.of() : (Map<String, Object>)
                    ((Map<String, Object>) all.get("client-gateway").get("sessions")).get(DeskDeployment.CLIENT);
            if (row.get("received") instanceof Number n && n.longValue() >= received)
                return row;
            if (System.nanoTime() > end)
                throw new AssertionError("the status file never counted " + received + " messages: " + all);
            Thread.sleep(50);
        }
    }

    static NewOrderSingle order(String clOrdId, char side, long quantity, double price) {
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdId), new Side(side), new TransactTime(),
                new OrdType(OrdType.LIMIT));
        order.set(new Symbol("VOD.L"));
        order.set(new OrderQty(quantity));
        order.set(new Price(price));
        return order;
    }

    static boolean isType(Message m, String type) {
        try {
            return type.equals(m.getHeader().getString(MsgType.FIELD));
        } catch (quickfix.FieldNotFound e) {
            return false;
        }
    }

    /** What the desk was given, in order: "order clOrdId" or "cancel clOrdId". */
    static List<String> deskInputs(Path queue) {
        List<String> seen = new ArrayList<>();
        try (ChronicleQueue q = ChronicleQueue.singleBuilder(queue).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            MethodReader reader = tailer.methodReader(new DeskIn() {
                @Override
                public void order(Order order) {
                    seen.add("order " + order.clOrdId);
                }

                @Override
                public void cancel(Cancel cancel) {
                    seen.add("cancel " + cancel.clOrdId);
                }
            });
            while (reader.readOne()) {
                // collects
            }
        }
        return seen;
    }

    static List<String> badMessages(Path queue) {
        List<String> seen = new ArrayList<>();
        try (ChronicleQueue q = ChronicleQueue.singleBuilder(queue).readOnly(true).build();
             ExcerptTailer tailer = q.createTailer()) {
            MethodReader reader = tailer.methodReader(new FailedInputs() {
                @Override
                public void handlerFailed(FailedInput failure) {
                    seen.add("handler failed: " + failure.reason());
                }

                @Override
                public void badMessage(FailedInput failure) {
                    seen.add(failure.queue() + " " + failure.index() + ": " + failure.reason());
                }
            });
            while (reader.readOne()) {
                // collects
            }
        }
        return seen;
    }
}
