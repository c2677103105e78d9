package io.celerity.internal.fix;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.Reply;
import uk.co.real_logic.artio.dictionary.FixDictionary;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.library.FixLibrary;

import java.util.List;

/**
 * Before the gateway accepts connections: its library takes every configured session it accepts that the engine
 * already knows, while it is offline, so a counterparty that logs on reaches the library's session, which asks it to resend what Artio
 * never received (and InboundRecovery what the inbound queue lacks). Stepped from the gateway's {@code doWork}: every
 * step is an asynchronous reply.
 */
final class SessionStartup {

    private static final Logger LOG = LoggerFactory.getLogger(SessionStartup.class);
    private static final long TIMEOUT_MS = 10_000;

    private final String gateway;
    private final boolean accepts;
    private final FixEngine engine;
    private final List<GatewaySession> sessions;
    private final FixDictionary dictionary; // a standby's: it makes the sessions its engine never saw; else null
    private int next;            // the session being taken
    private Reply<Long> lookup;  // its id in the engine
    private Reply<?> follower;   // a standby's: the session made in its engine
    private Reply<?> request;    // its acquisition
    private Reply<?> bind;
    private boolean done;

    /**
     * @param dictionary for a highly available gateway: each accepted session the engine never saw is made in it
     *                   ({@code FixLibrary.followerSession}, Artio's way for a cluster's follower), so the standby's
     *                   library holds it before the counterparty logs on and counts on from the sequence numbers of
     *                   the copies; null otherwise
     */
    SessionStartup(String gateway, boolean accepts, FixEngine engine, List<GatewaySession> sessions,
                   FixDictionary dictionary) {
        this.gateway = gateway;
        this.accepts = accepts;
        this.engine = engine;
        this.sessions = sessions;
        this.dictionary = dictionary;
    }

    boolean done() {
        return done;
    }

    /** Takes the next step once the previous one's reply came; returns 1 when it did something. */
    int step(FixLibrary library) {
        if (done || !library.isConnected() || pending(lookup) || pending(follower) || pending(request)
                || pending(bind))
            return 0;
        if (bind != null) {
            failed(bind, "accept connections");
            done = true;
            LOG.info("fix gateway '{}' accepts connections", gateway);
        } else if (next == sessions.size()) {
            if (accepts)
                bind = engine.bind();
            else
                done = true; // it only initiates
        } else if (sessions.get(next).config.initiator()) {
            next++; // SessionInitiator takes it as it connects
        } else if (request != null) {
            failed(request, "take session '" + sessions.get(next).config.name() + "' offline");
            LOG.info("fix gateway '{}': session '{}' taken offline: {}", gateway, sessions.get(next).config.name(),
                    request.resultIfPresent());
            request = null;
            lookup = null;
            follower = null;
            next++;
        } else if (lookup == null) {
            FixSessionConfig c = sessions.get(next).config;
            lookup = engine.lookupSessionId(c.senderCompId(), c.targetCompId(), null, null, null, null);
        } else if (lookup.hasCompleted() && lookup.resultIfPresent() != null) {
            request = library.requestSession(lookup.resultIfPresent(), FixLibrary.NO_MESSAGE_REPLAY,
                    FixLibrary.NO_MESSAGE_REPLAY, TIMEOUT_MS);
        } else if (dictionary != null && follower == null) {
            FixSessionConfig c = sessions.get(next).config;
            // The counterparty's Logon header, as the engine keys an accepted session by it
            follower = library.followerSession(dictionary.makeHeaderEncoder().senderCompID(c.targetCompId())
                    .targetCompID(c.senderCompId()), TIMEOUT_MS);
            lookup = null; // then looked up again
        } else {
            if (follower != null)
                failed(follower, "make session '" + sessions.get(next).config.name() + "'");
            follower = null;
            lookup = null; // a session the engine never saw: nothing to catch up with
            next++;
        }
        return 1;
    }

    private static boolean pending(Reply<?> reply) {
        return reply != null && reply.isExecuting();
    }

    private void failed(Reply<?> reply, String what) {
        if (reply.hasErrored() || reply.hasTimedOut())
            LOG.warn("fix gateway '{}': could not {}: {}", gateway, what,
                    reply.hasTimedOut() ? "timed out" : reply.error());
    }
}
