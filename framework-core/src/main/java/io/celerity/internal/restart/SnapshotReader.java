package io.celerity.internal.restart;

import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.codegen.AcceptedEvents;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.snapshot.SnapshotEnded;
import io.celerity.snapshot.SnapshotMarks;
import io.celerity.snapshot.SnapshotStarted;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.AbstractGeneratedMethodReader;
import net.openhft.chronicle.wire.ValueIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * Gives a restarting component the newest complete snapshot of its state: finds the newest end mark reading the
 * snapshot queue backwards, then reads the state events after its start mark into the component.
 */
public final class SnapshotReader {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotReader.class);

    /** What a restore found. @param outputIndex replay goes on after this output index (-1: from the start) */
    record Restored(long startIndex, long outputIndex, long events, long takenAtNanos) {
    }

    private SnapshotReader() {
    }

    /**
     * Reads the newest complete snapshot of {@code service} into {@code component}, which implements
     * {@code stateInterface}.
     *
     * @return what was restored, or {@code null} when the queue holds no complete snapshot to start from
     * @throws IllegalStateException when the newest snapshot cannot be read back whole
     */
    static Restored restoreLatest(String service, ChronicleQueue queue, Object component, Class<?> stateInterface) {
        SnapshotEnded newest = newestEnd(service, queue);
        if (newest == null)
            return null;
        try (ExcerptTailer tailer = queue.createTailer()) {
            if (!tailer.moveToIndex(newest.startIndex())) {
                LOG.warn("{}: the newest snapshot starts at {}, which the snapshot queue no longer holds; rebuilding "
                        + "without it", service, Long.toHexString(newest.startIndex()));
                return null;
            }
            Loader loader = new Loader();
            MethodReader reader = MethodCode.reader(tailer, SnapshotReader::skip,
                    new AcceptedEvents(List.of(stateInterface, SnapshotMarks.class)), service, component, loader);
            long events = 0;
            while (loader.ended == null && reader.readOne())
                if (loader.started != null && !loader.markRead())
                    events++;
            if (loader.started == null || loader.ended == null || events != newest.events())
                throw new IllegalStateException("service '" + service + "': the snapshot at "
                        + Long.toHexString(newest.startIndex()) + " reads back " + events + " state event(s), its end "
                        + "mark says " + newest.events() + "; move the snapshot queue aside to rebuild without it");
            return new Restored(newest.startIndex(), loader.started.outputIndex(), events,
                    loader.started.takenAtNanos());
        }
    }

    private static SnapshotEnded newestEnd(String service, ChronicleQueue queue) {
        Loader finder = new Loader();
        try (ExcerptTailer backwards = queue.createTailer().direction(TailerDirection.BACKWARD).toEnd()) {
            MethodReader reader = markReader(backwards, finder, service);
            while (reader.readOne())
                if (finder.ended != null && service.equals(finder.ended.service()))
                    return finder.ended;
        }
        return null;
    }

    /** A reader of the marks alone, into {@code loader}. */
    public static AbstractGeneratedMethodReader markReader(ExcerptTailer tailer, Loader loader, String service) {
        return GeneratedCode.requireGeneratedReader(
                tailer.methodReaderBuilder().defaultParselet(SnapshotReader::skip).build(loader), service);
    }

    private static void skip(CharSequence event, ValueIn in) {
        in.skipValue();
    }

    /** Takes the marks a reader meets. */
    public static final class Loader implements SnapshotMarks {
        SnapshotStarted started;
        SnapshotEnded ended;
        private boolean mark;

        @Override
        public void snapshotStarted(SnapshotStarted s) {
            started = s.deepCopy();
            mark = true;
        }

        @Override
        public void snapshotEnded(SnapshotEnded e) {
            ended = e.deepCopy();
            mark = true;
        }

        /** Whether the document just read was a mark; forgets it. */
        boolean markRead() {
            boolean was = mark;
            mark = false;
            return was;
        }
    }
}
