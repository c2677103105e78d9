package io.celerity.internal.fix;

import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.DirectBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * One session's place in the outbound queue: where it resumes when the gateway's library takes the session (after
 * the last event Artio holds a message of, from the session's metadata), and the events it hands the mapping next.
 */
final class OutboundCursor implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OutboundCursor.class);

    private final GatewaySession session;
    private final OutboundSender sender;
    private final ExcerptTailer tailer;
    private final AbstractGeneratedMethodReader reader;
    private long possResendUntil;       // events up to here may have been sent before this process started
    private boolean resumed;            // later acquisitions carry on from here: Artio's metadata may lag
    private long retryIndex = -1;       // the event back pressure interrupted, and
    private int retrySent;              // how many of its messages went out before

    OutboundCursor(GatewaySession session, OutboundSender sender, ChronicleQueue outbound, List<Class<?>> events,
                   Object mapping, String gateway) {
        this.session = session;
        this.sender = sender;
        this.tailer = outbound.createTailer();
        this.reader = MethodCode.reader(tailer, (s, in) -> in.skipValue(), new AcceptedEvents(events),
                "fix gateway '" + gateway + "'", mapping);
        this.possResendUntil = outbound.lastIndex();
    }

    /**
     * On the first acquisition of the session in this process, positions after the event recorded in Artio's metadata
     * for it, or at the start when there is none (it never sent anything); later ones carry on where it was.
     */
    void resume(DirectBuffer metadata) {
        if (resumed)
            return;
        resumed = true;
        if (metadata == null || metadata.capacity() < OutboundSender.METADATA_LENGTH) {
            possResendUntil = -1; // nothing was ever sent on it
            tailer.toStart();
            return;
        }
        long index = metadata.getLong(0);
        int sent = metadata.getInt(Long.BYTES);
        if (!tailer.moveToIndex(index)) {
            LOG.warn("fix session '{}': the outbound event {} Artio last sent a message of is gone; resuming at the end",
                    session.config.name(), Long.toHexString(index));
            tailer.toEnd();
            return;
        }
        retryIndex = index; // that event again, skipping the messages of it Artio holds
        retrySent = sent;
    }

    /** Hands up to {@code limit} events to the mapping while the session is logged on; returns how many. */
    int poll(int limit) {
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
