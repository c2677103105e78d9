package io.celerity.internal.fix;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.SessionConfiguration;

import java.util.List;

/**
 * Connects and logs on each session the gateway initiates, and again after a failure or a disconnect, waiting
 * {@code reconnectInterval} between tries. Sequence numbers persist as the acceptor's do, so the counterparty sees one
 * session across reconnects and restarts; the library's acquisition of the session (FixGateway) catches Artio up with
 * the journal before its Logon goes out. Stepped from the gateway's {@code doWork}.
 */
final class SessionInitiator {

    private static final Logger LOG = LoggerFactory.getLogger(SessionInitiator.class);
    private static final long TIMEOUT_MS = 10_000;

    private final FixGatewayConfig gateway;
    private final Class<? extends FixDictionary> dictionary;
    private final List<GatewaySession> sessions;
    private final Reply<?>[] pending;
    private final long[] nextTryNanos;
    private final boolean[] failing;   // its last try failed: the next failure is not logged again
    private final boolean[] connected; // held by the library when last looked at

    SessionInitiator(FixGatewayConfig gateway, Class<? extends FixDictionary> dictionary,
                     List<GatewaySession> sessions) {
        this.gateway = gateway;
        this.dictionary = dictionary;
        this.sessions = sessions;
        this.pending = new Reply<?>[sessions.size()];
        this.nextTryNanos = new long[sessions.size()];
        this.failing = new boolean[sessions.size()];
        this.connected = new boolean[sessions.size()];
    }

    /** Starts or checks each initiator session's logon; returns how many it stepped. */
    int poll(FixLibrary library) {
        int work = 0;
        long now = System.nanoTime();
        for (int i = 0; i < sessions.size(); i++) {
            GatewaySession s = sessions.get(i);
            if (!s.config.initiator())
                continue;
            Reply<?> reply = pending[i];
            if (reply != null) {
                if (reply.isExecuting())
                    continue;
                pending[i] = null;
                work++;
                if (!reply.hasCompleted())
                    retryLater(i, now, reply.hasTimedOut() ? "timed out" : String.valueOf(reply.error()));
                else
                    failing[i] = false;
            } else if (s.artio != null) {
                connected[i] = true;
            } else if (connected[i]) { // disconnected (InboundFlow): try again after the interval
                connected[i] = false;
                nextTryNanos[i] = now + gateway.reconnectInterval().toNanos();
            } else if (now - nextTryNanos[i] >= 0) {
                pending[i] = library.initiate(configuration(s.config));
                work++;
            }
        }
        return work;
    }

    private void retryLater(int i, long now, String why) {
        GatewaySession s = sessions.get(i);
        if (!failing[i])
            LOG.warn("fix session '{}': could not log on to {}:{} ({}); trying again every {}", s.config.name(),
                    s.config.connectHost(), s.config.connectPort(), why, gateway.reconnectInterval());
        failing[i] = true;
        nextTryNanos[i] = now + gateway.reconnectInterval().toNanos();
    }

    private SessionConfiguration configuration(FixSessionConfig s) {
        return SessionConfiguration.builder()
                .address(s.connectHost(), s.connectPort())
                .senderCompId(s.senderCompId())
                .targetCompId(s.targetCompId())
                .sequenceNumbersPersistent(!gateway.resetSeqNumOnLogon())
                .resetSeqNum(gateway.resetSeqNumOnLogon())
                .closedResendInterval(true) // as accepted sessions: a message beyond a resend in flight is asked again
                .fixDictionary(dictionary)
                .timeoutInMs(TIMEOUT_MS)
                .build();
    }
}
