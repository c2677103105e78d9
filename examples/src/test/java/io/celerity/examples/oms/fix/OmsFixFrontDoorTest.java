package io.celerity.examples.oms.fix;

import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.host.ServiceHost;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.FieldNotFound;
import quickfix.FieldMap;
import quickfix.Message;
import quickfix.field.Account;
import quickfix.field.ClOrdID;
import quickfix.field.ExecID;
import quickfix.field.MsgSeqNum;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.OrderCancelReplaceRequest;
import quickfix.fix44.OrderCancelRequest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.StringJoiner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * oms/fix/services.yaml run for real, a QuickFIX/J client logged on to its FIX gateway: each request is answered over
 * FIX as the OMS answers it, field for field, and what the OMS could not keep as sent is rejected at the door.
 */
class OmsFixFrontDoorTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);
    // The tags each answer is compared on; "-" where a tag is absent.
    private static final int[] REPORT = {35, 37, 11, 41, 150, 39, 54, 55, 1, 44, 38, 151, 14, 6, 103, 58};
    private static final int[] CANCEL_REJECT = {35, 37, 11, 41, 39, 434, 102, 58, 1};
    private static final int[] REJECT = {35, 45, 371, 372, 373, 58};

    @TempDir
    Path dir;

    private final Set<String> execIds = new HashSet<>();

    @Test
    void ordersOverFixAreAnsweredAsTheOmsAnswersThem() throws Exception {
        int port = freePort();
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(deploy(port)));
             FixClient client = new FixClient(port, "CLIENT1", "CELERITY", dir.resolve("client"))) {
            client.awaitLogon(LIVENESS);

            client.send(order("ORD1", "VOD.L", 100, 10.5));
            assertEquals("35=8 37=1 11=ORD1 41=- 150=0 39=0 54=1 55=VOD.L 1=FUND1 44=10.5 38=100 151=100 14=0 6=0 "
                    + "103=- 58=-", report(client));

            client.send(replace("ORD2", "ORD1", 200, 10.75));
            assertEquals("35=8 37=1 11=ORD2 41=ORD1 150=5 39=0 54=1 55=VOD.L 1=FUND1 44=10.75 38=200 151=200 14=0 "
                    + "6=0 103=- 58=-", report(client));

            client.send(cancel("ORD3", "ORD2"));
            assertEquals("35=8 37=1 11=ORD3 41=ORD2 150=4 39=4 54=1 55=VOD.L 1=FUND1 44=10.75 38=200 151=0 14=0 6=0 "
                    + "103=- 58=-", report(client));

            client.send(cancel("ORD4", "NOPE"));
            assertEquals("35=9 37=NONE 11=ORD4 41=NOPE 39=8 434=1 102=1 58=UNKNOWN_ORDER 1=FUND1",
                    fields(client.next(LIVENESS), CANCEL_REJECT));

            client.send(order("ORD5", "XXX.L", 100, 10.5));
            assertEquals("35=8 37=NONE 11=ORD5 41=- 150=8 39=8 54=1 55=XXX.L 1=FUND1 44=10.5 38=100 151=0 14=0 6=0 "
                    + "103=1 58=UNKNOWN_SYMBOL", report(client));

            client.send(order("ORD6", "VOD.L", 200_000, 1)); // FUND1 may trade 100,000 at most
            assertEquals("35=8 37=NONE 11=ORD6 41=- 150=8 39=8 54=1 55=VOD.L 1=FUND1 44=1 38=200000 151=0 14=0 6=0 "
                    + "103=3 58=ORDER_QTY_LIMIT", report(client));

            NewOrderSingle tooLong = order("ORD00000007", "VOD.L", 100, 10.5); // 11 characters: a Base85 long holds 10
            client.send(tooLong);
            int seqNum = tooLong.getHeader().getInt(MsgSeqNum.FIELD);
            assertEquals("35=3 45=" + seqNum + " 371=11 372=D 373=5 58=longer than the 10 characters the OMS keeps",
                    fields(client.next(LIVENESS), REJECT));

            // The session carries on, and the rejected order never reached the OMS: this one is its second order.
            client.send(order("ORD8", "VOD.L", 100, 10.5));
            assertEquals("35=8 37=2 11=ORD8 41=- 150=0 39=0 54=1 55=VOD.L 1=FUND1 44=10.5 38=100 151=100 14=0 6=0 "
                    + "103=- 58=-", report(client));
        }
    }

    /** oms/fix/services.yaml in the temporary directory, the gateway on {@code port}; returns its path. */
    private Path deploy(int port) throws IOException {
        String yaml = DemoFiles.resource("oms/fix/services.yaml");
        assertTrue(yaml.contains("port: 9880") && yaml.contains("pauser: BUSY"), yaml);
        // The pipeline's loop backs off when idle rather than spinning beside the test and QuickFIX/J.
        String deployed = yaml.replace("port: 9880", "port: " + port).replace("pauser: BUSY", "pauser: BALANCED");
        return Files.writeString(dir.resolve("services.yaml"), deployed);
    }

    /** The next execution report's fields; each has an ExecID of its own and a TransactTime. */
    private String report(FixClient client) throws Exception {
        Message report = client.next(LIVENESS);
        if (FixClient.isType(report, "8")) {
            assertTrue(execIds.add(report.getString(ExecID.FIELD)), "a new ExecID: " + report);
            assertTrue(report.isSetField(TransactTime.FIELD), report.toString());
        }
        return fields(report, REPORT);
    }

    private static String fields(Message m, int... tags) throws FieldNotFound {
        StringJoiner line = new StringJoiner(" ");
        for (int tag : tags) {
            FieldMap map = tag == 35 ? m.getHeader() : m;
            line.add(tag + "=" + (map.isSetField(tag) ? map.getString(tag) : "-"));
        }
        return line.toString();
    }

    private static NewOrderSingle order(String clOrdID, String symbol, long quantity, double price) {
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdID), new Side(Side.BUY), new TransactTime(),
                new OrdType(OrdType.LIMIT));
        order.set(new Account("FUND1"));
        order.set(new Symbol(symbol));
        order.set(new OrderQty(quantity));
        order.set(new Price(price));
        return order;
    }

    private static OrderCancelReplaceRequest replace(String clOrdID, String origClOrdID, long quantity, double price) {
        OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest(new OrigClOrdID(origClOrdID),
                new ClOrdID(clOrdID), new Side(Side.BUY), new TransactTime(), new OrdType(OrdType.LIMIT));
        replace.set(new Account("FUND1"));
        replace.set(new Symbol("VOD.L"));
        replace.set(new OrderQty(quantity));
        replace.set(new Price(price));
        return replace;
    }

    private static OrderCancelRequest cancel(String clOrdID, String origClOrdID) {
        OrderCancelRequest cancel = new OrderCancelRequest(new OrigClOrdID(origClOrdID), new ClOrdID(clOrdID),
                new Side(Side.BUY), new TransactTime());
        cancel.set(new Account("FUND1"));
        cancel.set(new Symbol("VOD.L"));
        return cancel;
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
