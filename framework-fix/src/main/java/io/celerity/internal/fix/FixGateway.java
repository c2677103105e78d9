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
import uk.co.real_logic.artio.Reply;
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
    private static final int FOLLOW_BATCH = 1_000;
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
    private final OutputGate gate;   // a highly available gateway's lease, else null
    private final JournalCopy copy;  // its journal on a copied queue, else null
    private volatile boolean live;   // it holds its sessions (always, unless highly available)
    private Reply<?> rebind;         // binding again after a lapse of the lease
    private volatile String fenced;  // why it stopped sending while it was live, until the lease is back
    private InboundFlow inbound;
    private InboundRecovery recovery;
    private FixLibrary library;
    private SessionStartup startup;
    private SessionInitiator initiator;

    /**
     * @param gate a highly available gateway's lease on this host (it runs its sessions only while open), else null
     * @param copy its journal on a queue copied to the standby, else null
     */
    FixGateway(FixGatewayConfig config, ArtioEngine engine, Function<String, ChronicleQueue> queues,
               List<GatewaySession> sessions, FixDictionary dictionary, OutputGate gate, JournalCopy copy) {
        this.config = config;
        this.engine = engine;
        this.queues = queues;
        this.sessions = sessions;
        this.dictionary = dictionary;
        this.gate = gate;
        this.copy = copy;
        this.live = gate == null;
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
                gate == null ? null : dictionary);
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
        if (gate != null && !leased()) { // nothing goes out before the engine and library see the lease is gone
            if (live) // fenced: the engine only, to drop the connections; the library would answer a logon
                return engine.scheduler().engine().doWork();
            return engine.scheduler().engine().doWork() + library.poll(FRAGMENT_LIMIT)
                    + copy.follow(engine.journal(), FOLLOW_BATCH);
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
            if (s.awaitingReplicas)
                work++; // a report waits for its journal record's replicas: no backing off, it goes out on their ack
        }
        return work;
    }

    /**
     * Whether this host holds the gateway's lease: the first time, it takes the sessions over from the copies; when
     * the lease lapses, it stops sending at once (disconnects every session, stops accepting, polls the library no
     * more, so not even a Logon is answered) and says why.
     */
    private boolean leased() {
        long now = System.nanoTime();
        if (gate.state(now) == OutputGate.State.OPEN) {
            if (!live)
                takeOver();
            else if (fenced != null)
                resume();
            return rebind == null || !rebind.isExecuting();
        }
        if (live && fenced == null) {
            fenced = gate.why(now);
            LOG.error("fix gateway '{}' sends nothing and disconnects its sessions: {}", config.name(), fenced);
            for (GatewaySession s : sessions)
                if (s.artio != null)
                    s.artio.requestDisconnect();
            if (config.accepts())
                engine.engine().unbind();
        }
        return false;
    }

    // The lease lapsed and came back to this host: nobody else sent meanwhile, so its state is still the sessions'.
    private void resume() {
        LOG.info("fix gateway '{}' holds its lease again; accepting and connecting again", config.name());
        fenced = null;
        if (config.accepts())
            rebind = engine.engine().bind();
    }

    // Its journal from the copy, where each session's inbound queue ends, then the sessions as a restart takes them.
    private void takeOver() {
        copy.catchUp(engine.journal());
        InboundRestartPoints.read(queues.apply(config.inboundQueue()), sessions);
        // The old primary may have sent up to JournalCopy.WINDOW messages past the copy's records: what this host
        // sends of the outbound queue as it stands now may have gone out already, so it goes out PossResend=Y.
        long outboundEnd = queues.apply(config.outboundQueue()).lastIndex();
        for (GatewaySession s : sessions)
            s.cursor.possResendUntil(outboundEnd);
        live = true;
        LOG.info("fix gateway '{}' holds its lease: taking its sessions over ({})", config.name(), restartPoints());
    }

    private String restartPoints() {
        StringBuilder text = new StringBuilder();
        for (GatewaySession s : sessions)
            text.append(text.length() == 0 ? "" : ", ").append(s.config.name()).append(": last received ")
                    .append(s.lastInSeqNum).append(", may have sent ")
                    .append(engine.journal().mayHaveSent(s.slot, s.inSequenceIndex));
        return text.toString();
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
        // No catch-up replay from Artio's archive: InboundRecovery asks the counterparty for what the queue lacks.
        library.requestSession(surrogateSessionId, FixLibrary.NO_MESSAGE_REPLAY, FixLibrary.NO_MESSAGE_REPLAY,
                REPLY_TIMEOUT_MS);
    }

    @SuppressWarnings("deprecation") // Session.lastSentMsgSeqNum(int): the journal, not Artio, is the store of what went out
    private InboundFlow onSessionAcquired(Session artio, SessionAcquiredInfo info) {
        CompositeKey key = artio.compositeKey();
        GatewaySession session = find(key.localCompId(), key.remoteCompId());
        if (session == null)
            return inbound;
        session.artio = artio;
        if (!session.resumed) {
            session.resumed = true;
            int mayHaveSent = session.journal.mayHaveSent(session.slot, artio.sequenceIndex());
            if (gate != null) // the copy may lack the last messages Artio sent itself, even a first Logon
                mayHaveSent += TAKEOVER_SEQUENCE_MARGIN;
            if (mayHaveSent > artio.lastSentMsgSeqNum()) { // a crash kept Artio from counting what went out
                LOG.warn("fix session '{}': Artio counted {} sent, {} may have reached the wire; going on from {}",
                        session.config.name(), artio.lastSentMsgSeqNum(), mayHaveSent, mayHaveSent + 1);
                artio.lastSentMsgSeqNum(mayHaveSent);
            }
            if (session.inSequenceIndex == artio.sequenceIndex()
                    && session.lastInSeqNum > artio.lastReceivedMsgSeqNum()) { // a standby's engine saw none of them
                LOG.info("fix session '{}': Artio counted {} received, the inbound queue holds up to {}; going on "
                        + "from {}", session.config.name(), artio.lastReceivedMsgSeqNum(), session.lastInSeqNum,
                        session.lastInSeqNum + 1);
                artio.lastReceivedMsgSeqNum(session.lastInSeqNum);
            }
            session.cursor.resume();
        }
        inbound.held(session);
        recovery.onAcquired(session);
        LOG.info("fix session '{}' logged on: last received {}, last sent {}", session.config.name(),
                artio.lastReceivedMsgSeqNum(), artio.lastSentMsgSeqNum());
        return inbound;
    }

    private GatewaySession find(String localCompId, String remoteCompId) {
        for (GatewaySession s : sessions)
            if (s.config.senderCompId().equals(localCompId) && s.config.targetCompId().equals(remoteCompId))
                return s;
        return null;
    }

    @Override
    public void onClose() {
        if (fenced == null && live) // one that lost its lease says nothing more on its sessions
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
        if (gate == null)
            return "only";
        return !live ? "standby" : fenced != null ? "fenced" : "primary";
    }

    @Override
    public String roleName() {
        return "fix-" + config.name();
    }
}
