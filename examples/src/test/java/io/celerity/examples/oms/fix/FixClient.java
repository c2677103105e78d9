package io.celerity.examples.oms.fix;

import quickfix.ApplicationAdapter;
import quickfix.ConfigError;
import quickfix.DefaultMessageFactory;
import quickfix.FieldNotFound;
import quickfix.FileStoreFactory;
import quickfix.Message;
import quickfix.SLF4JLogFactory;
import quickfix.Session;
import quickfix.SessionID;
import quickfix.SessionSettings;
import quickfix.SocketInitiator;
import quickfix.field.MsgType;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A QuickFIX/J FIX 4.4 initiator validating what it receives against its own FIX44.xml: the OMS's independent
 * counterparty. Application messages and session Rejects it receives are queued for the test to take.
 */
final class FixClient implements AutoCloseable {

    private final SocketInitiator initiator;
    private final SessionID id;
    private final BlockingQueue<Message> received = new LinkedBlockingQueue<>();
    private final Semaphore logons = new Semaphore(0); // one permit per logon
    // Rejects it sent: a report QuickFIX/J found invalid never reaches the test, so a wait names these.
    private final List<Message> sentRejects = new CopyOnWriteArrayList<>();

    FixClient(int port, String senderCompId, String targetCompId, Path store) throws ConfigError {
        String settings = "[default]\nConnectionType=initiator\nSocketConnectHost=127.0.0.1\nSocketConnectPort=" + port
                + "\nStartTime=00:00:00\nEndTime=00:00:00\nHeartBtInt=30\nReconnectInterval=1\n"
                + "UseDataDictionary=Y\nDataDictionary=FIX44.xml\nFileStorePath=" + store + "\n"
                + "[session]\nBeginString=FIX.4.4\nSenderCompID=" + senderCompId + "\nTargetCompID=" + targetCompId
                + "\n";
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
            public void fromAdmin(Message message, SessionID sessionId) {
                if (isType(message, MsgType.REJECT))
                    received.add(message);
            }

            @Override
            public void toAdmin(Message message, SessionID sessionId) {
                if (isType(message, MsgType.REJECT))
                    sentRejects.add(message);
            }
        };
        initiator = new SocketInitiator(app, new FileStoreFactory(s), s, new SLF4JLogFactory(s),
                new DefaultMessageFactory());
        id = new SessionID("FIX.4.4", senderCompId, targetCompId);
        initiator.start();
    }

    /** Waits for QuickFIX/J's onLogon: the session is logged on. */
    void awaitLogon(Duration limit) throws InterruptedException {
        if (!logons.tryAcquire(limit.toMillis(), TimeUnit.MILLISECONDS))
            throw new AssertionError("QuickFIX/J did not log on within " + limit);
    }

    void send(Message message) {
        if (!Session.lookupSession(id).send(message))
            throw new AssertionError("QuickFIX/J did not send " + message);
    }

    /** The next application message or session Reject received, waiting up to {@code limit}. */
    Message next(Duration limit) throws InterruptedException {
        Message m = received.poll(limit.toMillis(), TimeUnit.MILLISECONDS);
        if (m == null)
            throw new AssertionError("nothing received within " + limit + "; Rejects QuickFIX/J sent: " + sentRejects);
        return m;
    }

    static boolean isType(Message m, String type) {
        try {
            return type.equals(m.getHeader().getString(MsgType.FIELD));
        } catch (FieldNotFound e) {
            return false;
        }
    }

    @Override
    public void close() {
        initiator.stop(true);
    }
}
