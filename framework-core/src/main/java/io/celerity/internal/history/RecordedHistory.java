package io.celerity.internal.history;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.wire.BinaryWireCode;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import net.openhft.chronicle.wire.Wire;

/** Reads the message history that leads a document, without needing the interface of the event behind it. */
public final class RecordedHistory {
    private RecordedHistory() {
    }

    /**
     * Reads the history at the start of a document into {@code history}.
     *
     * @return false when the document does not start with a history (a heartbeat, or written without history)
     */
    public static boolean read(Wire wire, VanillaMessageHistory history) {
        Bytes<?> bytes = wire.bytes();
        if (bytes.readRemaining() == 0)
            return false;
        if (bytes.peekUnsignedByte() == BinaryWireCode.FIELD_NUMBER) {
            if (wire.readEventNumber() != MethodReader.MESSAGE_HISTORY_METHOD_ID)
                return false;
        } else if (!MethodReader.HISTORY.contentEquals(wire.readEvent(String.class))) {
            return false;
        }
        history.reset();
        wire.getValueIn().marshallable(history);
        return true;
    }
}
