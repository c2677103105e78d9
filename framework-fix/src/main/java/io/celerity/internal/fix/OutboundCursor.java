package io.celerity.internal.fix;

import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * One session's place in the outbound queue: where it resumes when the gateway's library first takes the session in
 * this process (after the last message its journal says may have gone out), where it goes back to when the
 * counterparty asks for messages again, and the events it hands the mapping next.
 */
final class OutboundCursor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OutboundCursor.class);

    private final GatewaySession session;
    private final OutboundSender sender;
    private final ExcerptTailer tailer;
    private final AbstractGeneratedMethodReader reader;
    private long possResendUntil = -1;  // events up to here may have been sent before: PossResend=Y
    private long retryIndex = -1;       // the event to carry on in (after back pressure, a restart, a resend), and
    private int retrySent;              // how many of its messages to this session to skip
    private long awaited = -1;          // the event to carry on in, not on this host's copy yet, and
    private int awaitedSkip;            // how many of its messages to skip then

    OutboundCursor(GatewaySession session, OutboundSender sender, ChronicleQueue outbound, List<Class<?>> events,
                   Object mapping, String gateway) {
        this.session = session;
        this.sender = sender;
        this.tailer = outbound.createTailer();
        this.reader = MethodCode.reader(tailer, (s, in) -> in.skipValue(), new AcceptedEvents(events),
                "fix gateway '" + gateway + "'", mapping);
    }

    /** Events up to {@code index} may have been sent before (by a primary this host took over from): PossResend=Y. */
    void possResendUntil(long index) {
        possResendUntil = Math.max(possResendUntil, index);
    }

    /** Carries on after the last event's message the journal says may have gone out, or at the start for none. */
    void resume() {
        if (session.journal.lastOrdinal(session.slot) == 0)
            tailer.toStart();
        else
            carryOnIn(session.journal.lastEvent(session.slot), session.journal.lastOrdinal(session.slot));
    }

    /**
     * Goes back to the event of the first message from {@code beginSeqNo} the journal holds, to send it and all
     * after it again as new messages with PossResend=Y: Artio answers the resend request itself with a gap fill.
     */
    void resendFrom(int beginSeqNo, int sequenceIndex) {
        int slot = session.slot;
        int last = session.journal.mayHaveSent(slot, sequenceIndex);
        int from = Math.max(beginSeqNo, last - SentMessageJournal.RING + 1);
        if (from > beginSeqNo)
            LOG.warn("fix session '{}': a resend from {} reaches back further than the journal's {} messages; "
                    + "resending from {}", session.config.name(), beginSeqNo, SentMessageJournal.RING, from);
        for (int seqNum = from; seqNum <= last; seqNum++) {
            if (session.journal.holdsEvent(slot, sequenceIndex, seqNum)) {
                possResendUntil = Math.max(possResendUntil, session.journal.lastEvent(slot));
                carryOnIn(session.journal.event(slot, seqNum), session.journal.ordinal(slot, seqNum) - 1);
                return;
            }
        }
    }

    private void carryOnIn(long event, int skip) {
        awaited = -1;
        if (!tailer.moveToIndex(event)) {
            if (event > tailer.queue().lastIndex()) { // a standby's copy that lags its source: it comes
                LOG.warn("fix session '{}': outbound event {} is not on this host's copy of the queue yet; waiting "
                        + "for it", session.config.name(), Long.toHexString(event));
                awaited = event;
                awaitedSkip = skip;
                return;
            }
            LOG.warn("fix session '{}': outbound event {} is gone from the queue; carrying on at its end",
                    session.config.name(), Long.toHexString(event));
            tailer.toEnd();
            return;
        }
        retryIndex = event;
        retrySent = skip;
    }

    /** Hands up to {@code limit} events to the mapping while the session is logged on; returns how many. */
    int poll(int limit) {
        if (awaited >= 0) {
            if (awaited > tailer.queue().lastIndex())
                return 0;
            carryOnIn(awaited, awaitedSkip);
        }
        int n = 0;
        while (n < limit && session.loggedOn()) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    return n;
                long index = dc.index();
                int alreadySent = index == retryIndex ? retrySent : 0;
                sender.begin(session, index, alreadySent, index <= possResendUntil);
                reader.readOne0(dc);
                if (sender.backPressured) {
                    dc.rollbackOnClose(); // the same event again next time, skipping what went out
                    retryIndex = index;
                    retrySent = sender.sentSoFar();
                    return n;
                }
                n++;
            }
        }
        return n;
    }

    @Override
    public void close() {
        tailer.close();
    }
}
