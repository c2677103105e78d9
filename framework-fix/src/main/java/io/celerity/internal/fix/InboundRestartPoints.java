package io.celerity.internal.fix;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Finds, from the end of the inbound queue back, the last message each session wrote: its MsgSeqNum is where the
 * session resumes after a restart (Artio replays what it received after it; the rest the counterparty resends).
 */
final class InboundRestartPoints {

    private InboundRestartPoints() {
    }

    static void read(ChronicleQueue inbound, List<GatewaySession> sessions) {
        Map<Integer, GatewaySession> bySource = new HashMap<>();
        sessions.forEach(s -> bySource.put(s.config.sourceId(), s));
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        try (ExcerptTailer tailer = inbound.createTailer().direction(TailerDirection.BACKWARD).toEnd()) {
            while (!bySource.isEmpty()) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        return;
                    if (dc.isMetaData() || !RecordedHistory.read(dc.wire(), history) || history.sources() == 0)
                        continue;
                    GatewaySession session = bySource.remove(history.sourceId(0));
                    if (session != null)
                        session.writtenBefore(history.sourceIndex(0));
                }
            }
        }
    }
}
