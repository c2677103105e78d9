package ${package}.fix;

import ${package}.Quote;
import ${package}.QuoteListener;
import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.Base85LongConverter;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.FileStoreFactory;
import quickfix.Message;
import quickfix.SLF4JLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.ClOrdID;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.StringJoiner;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * services.yaml run for real, with its FIX gateway: a QuickFIX/J client (an independent FIX engine) sends orders and
 * receives the order checker's verdicts as ExecutionReports; what the edge cannot take is rejected at the door.
 */
class FixEdgeTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60); // proves liveness, not speed
    private static final int[] REPORT = {35, 11, 150, 39, 55, 54, 38, 58};

    @TempDir
    Path dir;

    @Test
    void ordersOverFixAreAnsweredWithTheCheckersVerdicts() throws Exception {
        int port = freePort();
        try (ServiceHost host = ServiceHost.start(CelerityConfig.load(deploy(port)));
             Client client = new Client(port, dir.resolve("client"))) {
            client.awaitLogon();

            client.send(order("1", "EURUSD", Side.BUY, 1.0852, 1_000_000));
            assertEquals("35=8 11=1 150=8 39=8 55=EURUSD 54=7 38=- 58=no quote", fields(client.next(), REPORT));

            quote("EURUSD", 1.0850, 1.0852);
            client.send(order("2", "EURUSD", Side.BUY, 1.0852, 1_000_000));
            assertEquals("35=8 11=2 150=0 39=0 55=EURUSD 54=1 38=1000000 58=-", fields(client.next(), REPORT));

            client.send(order("A3", "EURUSD", Side.BUY, 1.0852, 1_000_000)); // this service's ids are numbers
            assertEquals("35=3 371=11 58=ClOrdID must be a number of up to 18 digits",
                    fields(client.next(), 35, 371, 58));
        }
    }

    /** services.yaml under the temporary directory as in the project (its queues in data/), on {@code port}. */
    private Path deploy(int port) throws IOException {
        String yaml = Files.readString(Path.of("src/main/resources/services.yaml"));
        assertTrue(yaml.contains("port: 9880"), yaml);
        Path copy = dir.resolve("src/main/resources/services.yaml");
        Files.createDirectories(copy.getParent());
        return Files.writeString(copy, yaml.replace("port: 9880", "port: " + port));
    }

    /**
     * Writes a quote to the quotes queue and waits for the checker to have taken it: it acknowledges each input, so a
     * document follows the last one on the verdicts queue.
     */
    private void quote(String symbol, double bid, double ask) {
        try (ChronicleQueue quotes = ChronicleQueue.singleBuilder(dir.resolve("data/quotes")).build();
             ChronicleQueue verdicts = ChronicleQueue.singleBuilder(dir.resolve("data/verdicts")).build();
             ExcerptTailer after = verdicts.createTailer().toEnd()) {
            quotes.methodWriter(QuoteListener.class).quote(
                    new Quote().set(Base85LongConverter.INSTANCE.parse(symbol), bid, ask));
            long end = System.nanoTime() + LIVENESS.toNanos();
            while (!acknowledged(after)) {
                assertTrue(System.nanoTime() < end, "the checker did not take the quote within " + LIVENESS);
                LockSupport.parkNanos(1_000_000);
            }
        }
    }

    private static boolean acknowledged(ExcerptTailer verdicts) {
        try (DocumentContext dc = verdicts.readingDocument()) {
            return dc.isPresent();
        }
    }

    private static NewOrderSingle order(String clOrdID, String symbol, char side, double price, long quantity) {
        NewOrderSingle order = new NewOrderSingle(new ClOrdID(clOrdID), new Side(side), new TransactTime(),
                new OrdType(OrdType.LIMIT));
        order.set(new Symbol(symbol));
        order.set(new Price(price));
        order.set(new OrderQty(quantity));
        return order;
    }

    /** The message's tags as "tag=value", "-" where one is absent. */
    private static String fields(Message m, int... tags) throws FieldNotFound {
        StringJoiner line = new StringJoiner(" ");
        for (int tag : tags) {
            quickfix.FieldMap map = tag == 35 ? m.getHeader() : m;
            line.add(tag + "=" + (map.isSetField(tag) ? map.getString(tag) : "-"));
        }
        return line.toString();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    /** A QuickFIX/J FIX 4.4 initiator, session CLIENT1 -> CELERITY; what it receives is queued for the test. */
    private static final class Client implements AutoCloseable {

        private final SocketInitiator initiator;
        private final SessionID id = new SessionID("FIX.4.4", "CLIENT1", "CELERITY");
        private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
        private final Semaphore logons = new Semaphore(0); // one permit per logon

        Client(int port, Path store) throws Exception {
            String settings = "[default]\nConnectionType=initiator\nSocketConnectHost=127.0.0.1\nSocketConnectPort="
                    + port + "\nStartTime=00:00:00\nEndTime=00:00:00\nHeartBtInt=30\nReconnectInterval=1\n"
                    + "UseDataDictionary=Y\nDataDictionary=FIX44.xml\nFileStorePath=" + store + "\n"
                    + "[session]\nBeginString=FIX.4.4\nSenderCompID=CLIENT1\nTargetCompID=CELERITY\n";
            SessionSettings s = new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.US_ASCII)));
            ApplicationAdapter app = new ApplicationAdapter() {
                @Override
                public void onLogon(SessionID sessionId) {
                    logons.release();
                }

                @Override
                public void fromApp(Message message, SessionID sessionId) {
                    received.add(message);
                }

                @Override
                public void fromAdmin(Message message, SessionID sessionId) throws FieldNotFound {
                    if (MsgType.REJECT.equals(message.getHeader().getString(MsgType.FIELD)))
                        received.add(message);
                }
            };
            initiator = new SocketInitiator(app, new FileStoreFactory(s), s, new SLF4JLogFactory(s),
                    new DefaultMessageFactory());
            initiator.start();
        }

        /** Waits for QuickFIX/J's onLogon: the session is logged on. */
        void awaitLogon() throws InterruptedException {
            assertTrue(logons.tryAcquire(LIVENESS.toMillis(), TimeUnit.MILLISECONDS),
                    "QuickFIX/J did not log on within " + LIVENESS);
        }

        void send(Message message) {
            assertTrue(Session.lookupSession(id).send(message), "QuickFIX/J did not send " + message);
        }

        Message next() throws InterruptedException {
            Message m = received.poll(LIVENESS.toMillis(), TimeUnit.MILLISECONDS);
            assertTrue(m != null, "nothing received within " + LIVENESS);
            return m;
        }

        @Override
        public void close() {
            initiator.stop(true);
        }
    }
}
