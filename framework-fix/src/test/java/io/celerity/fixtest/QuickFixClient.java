package io.celerity.fixtest;

import quickfix.Application;
import quickfix.ApplicationAdapter;
import quickfix.ConfigError;
import quickfix.Connector;
import quickfix.DefaultMessageFactory;
import quickfix.CompositeLogFactory;
import quickfix.FileLogFactory;
import quickfix.FileStoreFactory;
import quickfix.LogFactory;
import quickfix.Message;
import quickfix.SLF4JLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketAcceptor;
import quickfix.SocketInitiator;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A QuickFIX/J FIX 4.4 counterparty, the independent one of the gateway's tests: an initiator (a client of the
 * gateway) or, from {@link #acceptor}, an acceptor (a venue the gateway connects to). Its sequence numbers persist in a
 * file store, as a real counterparty's do; what it receives is queued for the test to take.
 */
public final class QuickFixClient implements AutoCloseable {

    private final Connector connector;
    private final SessionID id;
    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final BlockingQueue<Message> admin = new LinkedBlockingQueue<>();
    private volatile boolean loggedOn;

    public QuickFixClient(int port, String senderCompId, String targetCompId, Path store) throws ConfigError {
        this(false, port, senderCompId, targetCompId, store);
    }

    /** One that accepts the gateway's connection on {@code port}. */
    public static QuickFixClient acceptor(int port, String senderCompId, String targetCompId, Path store)
            throws ConfigError {
        return new QuickFixClient(true, port, senderCompId, targetCompId, store);
    }

    private QuickFixClient(boolean accepts, int port, String senderCompId, String targetCompId, Path store)
            throws ConfigError {
        String connection = accepts ? "ConnectionType=acceptor\nSocketAcceptPort=" + port
                : "ConnectionType=initiator\nSocketConnectHost=127.0.0.1\nSocketConnectPort=" + port;
        String settings = "[default]\n" + connection
                + "\nStartTime=00:00:00\nEndTime=00:00:00\nHeartBtInt=30\nReconnectInterval=1\n"
                + "UseDataDictionary=Y\nDataDictionary=FIX44.xml\nFileStorePath=" + store + "\nFileLogPath=" + store.resolve("log")
                + "\n"
                + "[session]\nBeginString=FIX.4.4\nSenderCompID=" + senderCompId + "\nTargetCompID=" + targetCompId
                + "\n";
        SessionSettings s = new SessionSettings(new ByteArrayInputStream(settings.getBytes(StandardCharsets.US_ASCII)));
        Application app = new ApplicationAdapter() {
            @Override
            public void onLogon(SessionID sessionId) {
                loggedOn = true;
            }

            @Override
            public void onLogout(SessionID sessionId) {
                loggedOn = false;
            }

            @Override
            public void fromApp(Message message, SessionID sessionId) {
                received.add(message);
            }

            @Override
            public void fromAdmin(Message message, SessionID sessionId) {
                admin.add(message);
            }
        };
        LogFactory logs = new CompositeLogFactory(new LogFactory[] {new SLF4JLogFactory(s), new FileLogFactory(s)});
        connector = accepts ? new SocketAcceptor(app, new FileStoreFactory(s), s, logs, new DefaultMessageFactory())
                : new SocketInitiator(app, new FileStoreFactory(s), s, logs, new DefaultMessageFactory());
        id = new SessionID("FIX.4.4", senderCompId, targetCompId);
    }

    public QuickFixClient start() throws ConfigError {
        connector.start();
        return this;
    }

    public Session session() {
        return Session.lookupSession(id);
    }

    public boolean loggedOn() {
        return loggedOn && session() != null && session().isLoggedOn();
    }

    public void awaitLogon(Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!loggedOn()) {
            if (System.nanoTime() > end)
                throw new AssertionError("QuickFIX/J did not log on within " + limit);
            Thread.sleep(10);
        }
    }

    /** Waits until the session is logged out (the gateway closed it, or the client logged out). */
    public void awaitLogout(Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (loggedOn()) {
            if (System.nanoTime() > end)
                throw new AssertionError("QuickFIX/J was still logged on after " + limit);
            Thread.sleep(10);
        }
    }

    public void send(Message message) {
        if (!session().send(message))
            throw new AssertionError("QuickFIX/J did not send " + message);
    }

    /** The next application message received, waiting up to {@code limit}. */
    public Message next(Duration limit) throws InterruptedException {
        Message m = received.poll(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (m == null)
            throw new AssertionError("no application message within " + limit);
        return m;
    }

    /** The session-level messages received and not yet taken, taken now. */
    public List<Message> takeAdmin() {
        List<Message> taken = new ArrayList<>();
        admin.drainTo(taken);
        return taken;
    }

    /** The next session-level message matching {@code wanted}, dropping others, waiting up to {@code limit}. */
    public Message nextAdmin(Predicate<Message> wanted, Duration limit) throws InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (true) {
            Message m = admin.poll(Math.max(1, (end - System.nanoTime()) / 1_000_000), TimeUnit.MILLISECONDS);
            if (m == null)
                throw new AssertionError("no such session message within " + limit);
            if (wanted.test(m))
                return m;
        }
    }

    @Override
    public void close() {
        connector.stop(true);
    }
}
