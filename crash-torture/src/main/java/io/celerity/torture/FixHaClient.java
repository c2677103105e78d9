package io.celerity.torture;

import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import quickfix.ApplicationAdapter;
import quickfix.DefaultMessageFactory;
import quickfix.FieldMap;
import quickfix.FieldNotFound;
import quickfix.FileStoreFactory;
import quickfix.Message;
import quickfix.SLF4JLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.Account;
import quickfix.field.ClOrdID;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.OrigClOrdID;
import quickfix.field.Price;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;
import quickfix.fix44.OrderCancelRequest;

import java.io.ByteArrayInputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Set;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The FIX torture's counterparty, on a host of its own: a QuickFIX/J initiator that knows both of the gateway's
 * addresses (its primary's, then its standby's, as {@code SocketConnectHost1} has it), sends a fixed flow of orders
 * and cancels at a steady rate while it is logged on (QuickFIX/J keeps what it sent and resends it when asked), and
 * writes every logon and every message it receives to a file, one line each, flushed, for the trial
 * to read. It ends once every request has an answer.
 */
@Command(name = "fix-ha-client", mixinStandardHelpOptions = true)
public final class FixHaClient implements Callable<Integer> {

    /** The tags of an answer the trials compare, in this order; "-" where a tag is absent. */
    static final int[] CONTENT = {35, 37, 11, 41, 150, 39, 54, 55, 1, 44, 38, 151, 14, 103, 434, 102, 58};
    private static final String[] SYMBOLS = {"VOD.L", "BARC.L", "HSBA.L", "LLOY.L", "BP.L", "SHEL.L", "AZN.L", "GSK.L"};
    private static final String[] ACCOUNTS = {"FUND1", "FUND2", "HEDGE1"};
    /** Every request carries this TransactTime, so the answers of any two runs can be compared. */
    private static final LocalDateTime REQUEST_TIME = LocalDateTime.of(2026, 1, 2, 9, 0);

    @Option(names = "--primary", required = true, description = "the gateway's primary address")
    String primary;

    @Option(names = "--standby", required = true, description = "the gateway's standby address")
    String standby;

    @Option(names = "--port", required = true)
    int port;

    @Option(names = "--standby-port", required = true)
    int standbyPort;

    @Option(names = "--requests", required = true)
    int requests;

    @Option(names = "--rate", required = true, description = "requests per second")
    int rate;

    @Option(names = "--out", required = true, description = "where the logons and messages received are written")
    Path out;

    @Option(names = "--store", required = true, description = "QuickFIX/J's file store")
    Path store;

    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private long[] sentNanos; // by request number: when it went out
    private final Histogram roundTrips = new Histogram(60_000_000_000L, 3); // request to its first answer, ns
    private PrintWriter lines;

    public static void main(String[] args) {
        System.exit(new CommandLine(new FixHaClient()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Files.createDirectories(store);
        sentNanos = new long[requests];
        lines = new PrintWriter(Files.newBufferedWriter(out), false);
        SessionID id = new SessionID("FIX.4.4", "CLIENT1", "CELERITY");
        SessionSettings settings = settings();
        SocketInitiator initiator = new SocketInitiator(application(), new FileStoreFactory(settings), settings,
                new SLF4JLogFactory(settings), new DefaultMessageFactory());
        initiator.start();
        long period = 1_000_000_000L / rate;
        long start = System.nanoTime();
        for (int n = 0; n < requests; n++) {
            if (!loggedOn(id)) { // QuickFIX/J gap-fills what it is given while logged out: wait, then keep the rate
                while (!loggedOn(id))
                    TimeUnit.MILLISECONDS.sleep(1);
                start = System.nanoTime() - n * period;
            }
            long due = start + n * period;
            while (System.nanoTime() - due < 0)
                TimeUnit.NANOSECONDS.sleep(Math.max(0, Math.min(due - System.nanoTime(), 1_000_000)));
            // Sent while logged on, QuickFIX/J stores it: a message the connection lost is resent when asked for.
            sentNanos[n] = System.nanoTime();
            Session.sendToTarget(request(n), id);
        }
        write("SENT " + requests);
        while (answered.size() < requests)
            TimeUnit.MILLISECONDS.sleep(10);
        synchronized (roundTrips) {
            write(String.format("ROUNDTRIP %d %d %d", roundTrips.getValueAtPercentile(50) / 1_000,
                    roundTrips.getValueAtPercentile(99) / 1_000, roundTrips.getMaxValue() / 1_000));
        }
        write("DONE");
        initiator.stop(true);
        lines.close();
        return 0;
    }

    private static boolean loggedOn(SessionID id) {
        Session session = Session.lookupSession(id);
        return session != null && session.isLoggedOn();
    }

    private SessionSettings settings() throws quickfix.ConfigError {
        String text = "[default]\nConnectionType=initiator\nSocketConnectHost=" + primary + "\nSocketConnectPort=" + port
                + "\nSocketConnectHost1=" + standby + "\nSocketConnectPort1=" + standbyPort
                + "\nStartTime=00:00:00\nEndTime=00:00:00\nHeartBtInt=1\nReconnectInterval=1\nLogonTimeout=2\n"
                + "UseDataDictionary=Y\nDataDictionary=FIX44.xml\nFileStorePath=" + store + "\n"
                + "[session]\nBeginString=FIX.4.4\nSenderCompID=CLIENT1\nTargetCompID=CELERITY\n";
        return new SessionSettings(new ByteArrayInputStream(text.getBytes(StandardCharsets.US_ASCII)));
    }

    private ApplicationAdapter application() {
        return new ApplicationAdapter() {
            @Override
            public void onLogon(SessionID sessionId) {
                write("LOGON " + System.currentTimeMillis());
            }

            @Override
            public void fromApp(Message message, SessionID sessionId) {
                received(message);
            }
        };
    }

    /** Request {@code n}: mostly new orders over three accounts and eight symbols; every tenth cancels an earlier one. */
    static Message request(int n) {
        String account = ACCOUNTS[n % ACCOUNTS.length];
        String symbol = SYMBOLS[n % SYMBOLS.length];
        if (n % 10 == 9) {
            OrderCancelRequest cancel = new OrderCancelRequest(new OrigClOrdID("O" + (n - 5)),
                    new ClOrdID("O" + n), new Side(Side.BUY), new TransactTime(REQUEST_TIME));
            cancel.set(new Account(ACCOUNTS[(n - 5) % ACCOUNTS.length]));
            cancel.set(new Symbol(SYMBOLS[(n - 5) % SYMBOLS.length]));
            return cancel;
        }
        NewOrderSingle order = new NewOrderSingle(new ClOrdID("O" + n), new Side(Side.BUY),
                new TransactTime(REQUEST_TIME), new OrdType(OrdType.LIMIT));
        order.set(new Account(account));
        order.set(new Symbol(symbol));
        order.set(new OrderQty(100 + n % 50));
        order.set(new Price(100 + n % 7));
        return order;
    }

    private void received(Message m) {
        try {
            String clOrdID = m.getString(ClOrdID.FIELD);
            boolean possResend = m.getHeader().isSetField(97) && m.getHeader().getBoolean(97);
            boolean possDup = m.getHeader().isSetField(43) && m.getHeader().getBoolean(43);
            String execID = m.isSetField(17) ? m.getString(17) : "-";
            write("MSG " + System.currentTimeMillis() + " " + m.getHeader().getInt(34) + " " + possDup + " "
                    + possResend + " " + execID + " " + content(m));
            int n = Integer.parseInt(clOrdID.substring(1));
            if (answered.add(clOrdID) && n >= requests / 5) { // the first fifth warms up (the JIT, the first logon)
                synchronized (roundTrips) {
                    roundTrips.recordValue(Math.max(0, System.nanoTime() - sentNanos[n]));
                }
            }
        } catch (FieldNotFound e) {
            write("BAD " + m);
        }
    }

    /** The answer's tags {@link #CONTENT} as {@code tag=value}, joined by spaces. */
    static String content(Message m) throws FieldNotFound {
        StringJoiner line = new StringJoiner(" ");
        for (int tag : CONTENT) {
            FieldMap map = tag == MsgType.FIELD ? m.getHeader() : m;
            line.add(tag + "=" + (map.isSetField(tag) ? map.getString(tag) : "-"));
        }
        return line.toString();
    }

    private synchronized void write(String line) {
        lines.println(line);
        lines.flush();
    }
}
