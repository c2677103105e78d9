package io.celerity.internal.fix;

import io.celerity.fix.FixSessions;
import net.openhft.chronicle.wire.MessageHistory;
import uk.co.real_logic.artio.builder.Encoder;

import java.util.List;

/**
 * The {@link FixSessions} the outbound mapping sends through. An event is handled once per session (each session
 * reads the outbound queue at its own pace); a message is sent only on the session handling it, noted with the event's
 * index and its ordinal in the session's journal, so a restart resumes after the last message that may have gone out
 * and a resend request goes back to the event of the first message asked for.
 */
final class OutboundSender implements FixSessions {

    private final List<GatewaySession> sessions;
    private GatewaySession current;
    private long index;
    private int ordinal;        // of the message about to be sent within this event, for this session
    private int alreadySent;    // messages of this event this session sent before (a retry, or before a restart)
    private boolean possResend; // the event may have been sent before (a resend request, a restart): PossResend=Y
    boolean backPressured;

    OutboundSender(List<GatewaySession> sessions) {
        this.sessions = sessions;
    }

    /** Starts handling the event at {@code index} on {@code session}. */
    void begin(GatewaySession session, long index, int alreadySent, boolean possResend) {
        this.current = session;
        this.index = index;
        this.ordinal = 0;
        this.alreadySent = alreadySent;
        this.possResend = possResend;
        this.backPressured = false;
    }

    /** The messages of this event sent on its session so far, the first to send again after back pressure. */
    int sentSoFar() {
        return ordinal - (backPressured ? 1 : 0);
    }

    @Override
    public void reply(Encoder message) {
        MessageHistory history = MessageHistory.get();
        if (history.sources() > 0 && history.sourceId(0) == current.config.sourceId())
            sendNow(message);
    }

    @Override
    public void send(String session, Encoder message) {
        if (session.equals(current.config.name()))
            sendNow(message);
        else if (!configured(session))
            throw new IllegalArgumentException("no fix session '" + session + "'");
    }

    private boolean configured(String session) {
        for (GatewaySession s : sessions) // a loop, not a stream: no allocation per message
            if (s.config.name().equals(session))
                return true;
        return false;
    }

    private void sendNow(Encoder message) {
        ordinal++;
        if (ordinal <= alreadySent || backPressured)
            return;
        message.header().possResend(possResend);
        if (!current.trySend(message, index, ordinal))
            backPressured = true;
        else
            current.sent++;
    }
}
