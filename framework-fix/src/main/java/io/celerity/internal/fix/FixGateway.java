package io.celerity.internal.fix;

import io.celerity.api.FailedInputs;
import io.celerity.extension.OutputGate;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import org.agrona.CloseHelper;
import org.agrona.concurrent.Agent;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.library.SessionAcquiredInfo;
import uk.co.real_logic.artio.session.CompositeKey;
import uk.co.real_logic.artio.session.Session;

import java.util.List;
import java.util.function.Function;

/**
 * A FIX gateway on its event loop: polls its Artio engine and library, takes each configured session from the engine
 * when it logs on (asking the counterparty again for what the inbound queue lacks), and hands each logged-on session
 * the outbound events it has not sent yet.
 */
final class FixGateway implements Agent {

    private static final Logger LOG = LoggerFactory.getLogger(FixGateway.class);
    private static final int FRAGMENT_LIMIT = 20;
    private static final int OUTBOUND_BATCH = 20;
    private static final long REPLY_TIMEOUT_MS = 10_000;
    private static final long LOGOUT_WAIT_NANOS = 2_000_000_000L;
    /**
     * How far past the journal's last MsgSeqNum a standby's sessions count on: up to JournalCopy.WINDOW reports may
     * go out before their records are copied, and the messages Artio sends itself (heartbeats, resend requests) are
     * noted after they went out. Counting past them costs one gap fill; counting short of one, a session the
     * counterparty refuses.
     */
    static final int TAKEOVER_SEQUENCE_MARGIN = 100; // > JournalCopy.WINDOW, with room for Artio's own

    private final FixGatewayConfig config;
    private final ArtioEngine engine;
    private final Function<String, ChronicleQueue> queues;
    private final List<GatewaySession> sessions;
    private final FixDictionary dictionary;
    private final JournalCopy copy;  // a highly available gateway's journal on a copied queue, else null
    private final GatewayRole role;  // its part on this host, from its lease; null for a gateway without a standby
    private InboundFlow inbound;
    private InboundRecovery recovery;
    private FixLibrary library;
    private SessionStartup startup;
    private SessionInitiator initiator;

    /**
     * @param gate a highly available gateway's lease on this host (it runs its sessions only while open), else null
     * @param copy its journal on a queue copied to the standby, with {@code gate}; else null
     */
    FixGateway(FixGatewayConfig config, ArtioEngine engine, Function<String, ChronicleQueue> queues,
               List<GatewaySession> sessions, FixDictionary dictionary, OutputGate gate, JournalCopy copy) {
        this.config = config;
        this.engine = engine;
        this.queues = queues;
        this.sessions = sessions;
        this.dictionary = dictionary;
        this.copy = copy;
        this.role = gate == null ? null : new GatewayRole(config, engine, queues, sessions, gate, copy);
    }

    /** Builds the mappings, writers and readers on the loop's thread (appenders are a thread's), then connects. */
    @Override
    public void onStart() {
        String name = "fix gateway '" + config.name() + "'";
        ChronicleQueue in = queues.apply(config.inboundQueue());
        Class<?> inboundClass = Mappings.load(config.inboundMapper(), "inbound mapper");
        Object writer = MethodCode.writer(in, new HistoryRecordingAppender(in.createAppender()),
                List.of(Mappings.inboundEvents(inboundClass)), name);
        recovery = new InboundRecovery(dictionary);
        inbound = new InboundFlow(Mappings.inbound(inboundClass, writer), new Rejects(config.name(), dictionary,
                errors(name)), recovery);
        OutboundSender sender = new OutboundSender(sessions);
        Class<?> outboundClass = Mappings.load(config.outboundMapper(), "outbound mapper");
        Object outboundMapping = Mappings.outbound(outboundClass, sender);
        for (GatewaySession s : sessions)
            s.cursor = new OutboundCursor(s, sender, queues.apply(config.outboundQueue()),
                    Mappings.outboundEvents(outboundClass), outboundMapping, config.name());
        LibraryConfiguration library = engine.library(config.name())
                .sessionExistsHandler(this::onSessionExists)
                .sessionAcquireHandler((session, info) -> onSessionAcquired(session, info));
        library.replyTimeoutInMs(REPLY_TIMEOUT_MS);
        this.library = FixLibrary.connect(library);
        if (copy != null)
            copy.onStart();
        startup = new SessionStartup(config.name(), config.accepts(), engine.engine(), sessions,
                role == null ? null : dictionary);
        initiator = new SessionInitiator(config, dictionary.getClass(), sessions);
    }

    private FailedInputs errors(String name) {
        if (config.errorsQueue() == null)
            return null;
        ExcerptAppender appender = queues.apply(config.errorsQueue()).createAppender();
        return (FailedInputs) MethodCode.writer(queues.apply(config.errorsQueue()), appender,
                List.of(FailedInputs.class), name);
    }

    @Override
    public int doWork() throws Exception {
        if (role != null && !role.leased()) { // nothing goes out before the engine and library see the lease is gone
            if (role.live()) // fenced: the engine only, to drop the connections; the library would answer a logon
                return engine.scheduler().engine().doWork();
            return engine.scheduler().engine().doWork() + library.poll(FRAGMENT_LIMIT) + role.follow();
        }
        int work = engine.scheduler().engine().doWork();
        work += library.poll(FRAGMENT_LIMIT);
        for (GatewaySession s : sessions)
            s.noteArtioSent();
        if (!startup.done())
            work += startup.step(library);
        else
            work += initiator.poll(library);
        for (GatewaySession s : sessions) {
            work += recovery.poll(s);
            work += s.cursor.poll(OUTBOUND_BATCH);
            if (s.awaitingReplicas && s.loggedOn())
                work++; // a report waits for its journal record's replicas: no backing off, it goes out on their ack
        }
        return work;
    }

    private void onSessionExists(FixLibrary library, long surrogateSessionId, String localCompId, String localSubId,
                                 String localLocationId, String remoteCompId, String remoteSubId,
                                 String remoteLocationId, int logonReceivedSequenceNumber, int logonSequenceIndex) {
        GatewaySession session = find(localCompId, remoteCompId);
        if (session == null) {
            LOG.warn("fix gateway '{}': {} -> {} logged on but is no configured session; left with the engine",
                    config.name(), remoteCompId, localCompId);
            return;
        }
        session.logonSeqNum = logonReceivedSequenceNumber; // counted by the engine: InboundRecovery allows for it
        session.logonSequenceIndex = logonSequenceIndex;
        // No catch-up replay from Artio's archive: InboundRecovery asks the counterparty for what the queue lacks.
        library.requestSession(surrogateSessionId, FixLibrary.NO_MESSAGE_REPLAY, FixLibrary.NO_MESSAGE_REPLAY,
                REPLY_TIMEOUT_MS);
    }

    private InboundFlow onSessionAcquired(Session artio, SessionAcquiredInfo info) {
        CompositeKey key = artio.compositeKey();
        GatewaySession session = find(key.localCompId(), key.remoteCompId());
        if (session == null)
            return inbound;
        session.artio = artio;
        countOnFromQueues(session, artio, !session.resumed && role != null);
        if (!session.resumed) {
            session.resumed = true;
            session.cursor.resume();
        }
        inbound.held(session);
        recovery.onAcquired(session);
        LOG.info("fix session '{}' taken ({}{}): last received {}, last sent {}", session.config.name(), artio.state(),
                artio.awaitingResend() ? ", awaiting a resend" : "", artio.lastReceivedMsgSeqNum(),
                artio.lastSentMsgSeqNum());
        return inbound;
    }

    /**
     * Raises Artio's counts to what the journal says may have gone out and to the inbound queue's last message: Artio
     * counts short after a crash (it counts what it indexed) and on a standby (its engine saw none of the primary's
     * messages). On every acquisition: a reconnection hands the library the engine's counts again.
     *
     * @param takingOver a highly available gateway's first acquisition: the copy may lack the last messages sent
     */
    @SuppressWarnings("deprecation") // Session.lastSentMsgSeqNum(int): the journal, not Artio, is the store of what went out
    private static void countOnFromQueues(GatewaySession session, Session artio, boolean takingOver) {
        int mayHaveSent = session.journal.mayHaveSent(session.slot, artio.sequenceIndex())
                + (takingOver ? TAKEOVER_SEQUENCE_MARGIN : 0);
        if (mayHaveSent > artio.lastSentMsgSeqNum()) {
            LOG.warn("fix session '{}': Artio counted {} sent, {} may have reached the wire; going on from {}",
                    session.config.name(), artio.lastSentMsgSeqNum(), mayHaveSent, mayHaveSent + 1);
            artio.lastSentMsgSeqNum(mayHaveSent);
        }
        if (session.inSequenceIndex == artio.sequenceIndex() && session.lastInSeqNum > artio.lastReceivedMsgSeqNum()) {
            LOG.info("fix session '{}': Artio counted {} received, the inbound queue holds up to {}; going on from {}",
                    session.config.name(), artio.lastReceivedMsgSeqNum(), session.lastInSeqNum,
                    session.lastInSeqNum + 1);
            artio.lastReceivedMsgSeqNum(session.lastInSeqNum);
        }
    }

    private GatewaySession find(String localCompId, String remoteCompId) {
        for (GatewaySession s : sessions)
            if (s.config.senderCompId().equals(localCompId) && s.config.targetCompId().equals(remoteCompId))
                return s;
        return null;
    }

    @Override
    public void onClose() {
        if (role == null || role.live() && !role.fenced()) // one that lost its lease says nothing more
            logOut();
        for (GatewaySession s : sessions)
            if (s.cursor != null)
                s.cursor.close();
        CloseHelper.quietCloseAll(copy, library);
    }

    /**
     * Logs the held sessions out and waits up to {@link #LOGOUT_WAIT_NANOS} for the counterparties' Logouts, driving the
     * engine here: left to Artio, the engine logs a closed library's sessions out only once it times the library out.
     */
    private void logOut() {
        if (library == null)
            return;
        for (GatewaySession s : sessions)
            if (s.loggedOn())
                s.artio.startLogout();
        long end = System.nanoTime() + LOGOUT_WAIT_NANOS;
        while (held() && System.nanoTime() - end < 0) {
            try {
                if (engine.scheduler().engine().doWork() + library.poll(FRAGMENT_LIMIT) == 0)
                    Thread.onSpinWait();
            } catch (Exception e) {
                LOG.warn("fix gateway '{}': logging out: {}", config.name(), e.toString());
                return;
            }
        }
    }

    private boolean held() {
        for (GatewaySession s : sessions)
            if (s.artio != null)
                return true;
        return false;
    }

    /** What this host is to the gateway: {@code only} (no standby), {@code primary}, {@code standby} or {@code fenced}. */
    String role() {
        return role == null ? "only" : role.name();
    }

    @Override
    public String roleName() {
        return "fix-" + config.name();
    }
}
