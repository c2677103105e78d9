package io.celerity.internal.chronicle;

import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * The index of a queue's last document, found as {@link ChronicleQueue#lastIndex()} finds it but with one tailer kept
 * for every call: Chronicle's creates a tailer each time, garbage on every snapshot of a service. The thread that
 * first asks owns it.
 */
public final class LastIndex implements AutoCloseable {

    private final ChronicleQueue queue;
    private ExcerptTailer backward; // created on first use, on the asking thread: a tailer is single-threaded

    public LastIndex(ChronicleQueue queue) {
        this.queue = queue;
    }

    /** The last data document's index; -1 when there is none. */
    public long get() {
        if (backward == null)
            backward = queue.createTailer().direction(TailerDirection.BACKWARD);
        backward.toEnd();
        while (true) {
            try (DocumentContext dc = backward.readingDocument()) {
                if (!dc.isPresent())
                    return -1;
                if (!dc.isMetaData())
                    return dc.index();
            }
        }
    }

    @Override
    public void close() {
        Closeable.closeQuietly(backward);
    }
}
