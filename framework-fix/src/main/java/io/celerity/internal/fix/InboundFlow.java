package io.celerity.internal.fix;

import io.aeron.logbuffer.ControlledFragmentHandler.Action;
import io.celerity.fix.FixInbound;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import uk.co.real_logic.artio.library.OnMessageInfo;
import uk.co.real_logic.artio.library.SessionHandler;
import uk.co.real_logic.artio.messages.DisconnectReason;
import uk.co.real_logic.artio.session.Session;

/**
 * Writes each new inbound application message of the gateway's sessions to the inbound queue through the user's
 * mapping, with the session and MsgSeqNum as its message history's source; drops what is already written (a resend,
 * or Artio's replay after a restart), and rejects what the mapping does not take. Session messages stay with Artio.
 */
final class InboundFlow implements SessionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(InboundFlow.class);

    private static final int BEGIN_SEQ_NO = 7;

    private final FixInbound mapping;
    private final Rejects rejects;
    private final InboundRecovery recovery;
    private final Long2ObjectHashMap<GatewaySession> byArtioId = new Long2ObjectHashMap<>();
    private final HeaderFields header = new HeaderFields();
    private final InboundMessage message = new InboundMessage();

    InboundFlow(FixInbound mapping, Rejects rejects, InboundRecovery recovery) {
        this.mapping = mapping;
        this.rejects = rejects;
        this.recovery = recovery;
    }

    void held(GatewaySession session) {
        byArtioId.put(session.artio.id(), session);
    }

    @Override
    public Action onMessage(DirectBuffer buffer, int offset, int length, int libraryId, Session artio,
                            int sequenceIndex, long messageType, long timestampInNs, long position,
                            OnMessageInfo messageInfo) {
        GatewaySession session = byArtioId.get(artio.id());
        if (session == null)
            return Action.CONTINUE;
        session.lastReceivedNanos = System.currentTimeMillis() * 1_000_000L;
        header.scan(buffer, offset, length);
        // Artio gap-fills; the events go again. Even when Artio flags the request invalid: it does so when the request
        // comes past a gap of its own, and answers it all the same (the FIX torture lost three reports so).
        if (header.isResendRequest(buffer))
            session.cursor.resendFrom(HeaderFields.intField(buffer, offset, length, BEGIN_SEQ_NO), artio.sequenceIndex());
        if (!messageInfo.isValid()) {
            countRedundantResendRequest(artio);
            return Action.CONTINUE; // Artio asks for it again (ArtioEngine: closed resend ranges)
        }
        recovery.onSequence(session, sequenceIndex);
        if (session.recoverNext == 0) {
            if (!header.isAdmin(buffer)) // the engine answered the session's own messages
                take(session, buffer, offset, length, sequenceIndex, messageType);
            session.handled(sequenceIndex, header.msgSeqNum); // once the queue took it: a crash before asks again
            return Action.CONTINUE;
        }
        if (recovery.inTurn(session, header, buffer, offset, length, sequenceIndex, messageType))
            take(session, buffer, offset, length, sequenceIndex, messageType);
        for (InboundRecovery.Held held; (held = recovery.nextHeld(session)) != null; ) { // came early, now in turn
            header.scan(held.buffer(), 0, held.buffer().capacity());
            if (recovery.inTurn(session, header, held.buffer(), 0, held.buffer().capacity(), held.sequenceIndex(),
                    held.messageType()))
                take(session, held.buffer(), 0, held.buffer().capacity(), held.sequenceIndex(), held.messageType());
        }
        return Action.CONTINUE;
    }

    /**
     * Artio sends its ResendRequest for a message beyond the range it awaits without counting it sent, so the next
     * message would go out with the same MsgSeqNum: counted here. While Artio awaits a range it counts received up to
     * the range's end, so a message past that count, invalid, is one it asked for again.
     */
    @SuppressWarnings("deprecation") // Session.lastSentMsgSeqNum(int): the only way to correct Artio's count
    private void countRedundantResendRequest(Session artio) {
        if (artio.awaitingResend() && artio.sendRedundantResendRequests()
                && header.msgSeqNum > artio.lastReceivedMsgSeqNum())
            artio.lastSentMsgSeqNum(artio.lastSentMsgSeqNum() + 1);
    }

    /** Writes an application message (its {@code header} scanned) unless already written; rejects what the mapping does not take. */
    private void take(GatewaySession session, DirectBuffer buffer, int offset, int length, int sequenceIndex,
                      long messageType) {
        if (session.alreadyWritten(sequenceIndex, header.msgSeqNum)) {
            session.duplicates++;
            return;
        }
        VanillaMessageHistory history = (VanillaMessageHistory) MessageHistory.get();
        history.reset();
        history.addSource(session.config.sourceId(), GatewaySession.historyIndex(sequenceIndex, header.msgSeqNum));
        message.wrap(session.config.name(), buffer, offset, length, messageType, header);
        try {
            if (!mapping.onMessage(message))
                rejects.businessReject(session, buffer, offset, length, header, Rejects.UNSUPPORTED_MESSAGE_TYPE,
                        "unsupported message type");
            else if (message.rejected)
                rejects.reject(session, buffer, offset, length, header, message);
        } catch (RuntimeException e) {
            LOG.warn("fix session '{}': the mapping failed on MsgSeqNum {}", session.config.name(), header.msgSeqNum, e);
            rejects.businessReject(session, buffer, offset, length, header, Rejects.APPLICATION_NOT_AVAILABLE,
                    "could not be processed: " + e);
        }
        session.written(sequenceIndex, header.msgSeqNum);
    }

    @Override
    public void onTimeout(int libraryId, Session session) {
    }

    @Override
    public void onSlowStatus(int libraryId, Session session, boolean hasBecomeSlow) {
    }

    @Override
    public Action onDisconnect(int libraryId, Session artio, DisconnectReason reason) {
        GatewaySession session = byArtioId.remove(artio.id());
        if (session != null) {
            LOG.info("fix session '{}' disconnected: {}", session.config.name(), reason);
            session.artio = null;
        }
        return Action.CONTINUE;
    }

    @Override
    public void onSessionStart(Session session) {
    }
}
