package io.celerity.internal.schema;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.component.ComponentType;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * A new version of a service refused before it starts when it cannot read what is in its queues: the newest documents
 * of each queue it reads (its inputs, and its output, which a state rebuild and a standby read) are read with its
 * classes, as {@code celerity schema verify} does, and the start is refused when no document of an event reads back the
 * same. An event its interfaces do not declare is not counted here: a queue may carry other services' events, which a
 * reader skips by design; the build's check refuses a renamed event.
 */
public final class ReadableAtStart {

    /** How many of each queue's newest documents are read: what the writers write now, at a start's cost. */
    static final int NEWEST = 1_000;

    private ReadableAtStart() {
    }

    /**
     * @throws IncompatibleMessages naming the service, the queue, the first document that does not read back the same
     *                              and how
     */
    public static void require(CelerityConfig config, Function<String, ChronicleQueue> queues, Checked checked) {
        List<String> problems = new ArrayList<>();
        for (ServiceConfig s : config.services().values()) {
            ComponentType type;
            try {
                type = ComponentType.of(Class.forName(s.implClass(), true,
                        Thread.currentThread().getContextClassLoader()));
            } catch (ClassNotFoundException | RuntimeException e) {
                continue; // the service's own start names that
            }
            for (String input : s.readQueues())
                check(s.name(), input, queues.apply(input), type.inputInterfaces(), checked, problems);
            check(s.name(), s.output(), queues.apply(s.output()), type.outputInterfaces(), checked, problems);
        }
        if (!problems.isEmpty())
            throw new IncompatibleMessages("this version's classes do not read back what is in their queues "
                    + "(message versions: docs/user-guide.adoc); nothing was started:\n" + String.join("\n", problems)
                    + "\nRun celerity schema verify QUEUE for the whole queue; start the version that wrote it, or "
                    + "drain the queue first (the upgrade order the build's check gave)");
    }

    private static void check(String service, String queueName, ChronicleQueue queue, List<Class<?>> interfaces,
                              Checked checked, List<String> problems) {
        if (queue == null || interfaces.isEmpty())
            return;
        Checked.Key key = new Checked.Key(queue, interfaces);
        if (newDocumentsReadTheSame(checked, key))
            return;
        QueueVerification.Result result = readNewest(queue, interfaces, checked, key);
        for (QueueVerification.Problem p : result.problems().values())
            if (isVersionProblem(p, result))
                problems.add("  service '" + service + "', queue '" + queueName + "', index 0x"
                        + Long.toHexString(p.index()) + ": " + p.what());
    }

    // Where an earlier start here read every document up to where this one stands: whether the rest reads the same.
    private static boolean newDocumentsReadTheSame(Checked checked, Checked.Key key) {
        Checked.Reader kept = checked.readers.remove(key);
        if (kept == null)
            return false;
        boolean same = false;
        try {
            kept.tailer.singleThreadedCheckReset(); // an earlier start may have been on another thread
            same = kept.verification.verify(kept.tailer).readsTheSame();
        } finally {
            if (same)
                checked.readers.put(key, kept); // kept open, for the next start
            else
                kept.tailer.close(); // a problem: judged over the whole window, as at a first start
        }
        return same;
    }

    // The newest documents, as at a first start; the tailer is kept for the next start when they all read the same.
    private static QueueVerification.Result readNewest(ChronicleQueue queue, List<Class<?>> interfaces,
                                                       Checked checked, Checked.Key key) {
        ExcerptTailer tailer = queue.createTailer();
        try {
            positionAtNewest(tailer);
            QueueVerification verification = new QueueVerification(interfaces);
            QueueVerification.Result result = verification.verify(tailer);
            if (result.readsTheSame()) {
                checked.readers.put(key, new Checked.Reader(tailer, verification));
                tailer = null;
            }
            return result;
        } finally {
            if (tailer != null)
                tailer.close();
        }
    }

    /**
     * A problem of this version, not of one message: the event is misread (fails, or a value reads back changed) and
     * no document of it reads back the same. A bad message among good ones of its kind, an undeclared type tag, a value
     * the class no longer reads (a removed field) or another service's event is the service's to skip, count or report
     * as it reads, not a reason to refuse the start.
     */
    private static boolean isVersionProblem(QueueVerification.Problem p, QueueVerification.Result result) {
        return p.kind().misread() && result.readTheSame().getOrDefault(p.event(), 0L) == 0;
    }

    private static void positionAtNewest(ExcerptTailer tailer) {
        tailer.direction(TailerDirection.BACKWARD).toEnd();
        long first = -1;
        for (int read = 0; read < NEWEST; read++)
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    break;
                first = dc.index();
            }
        tailer.direction(TailerDirection.FORWARD);
        if (first < 0)
            tailer.toEnd();
        else
            tailer.moveToIndex(first);
    }

    /**
     * What earlier starts on the same open queues read, so that hosts started one after another on them (a restart
     * test) read only what was written since: per queue and interfaces, the tailer and verification of a check that
     * found every document readable, where they stopped. Closed with the queues, or after a start that owns them.
     */
    public static final class Checked implements AutoCloseable {
        private record Key(ChronicleQueue queue, List<Class<?>> interfaces) {
        }

        private record Reader(ExcerptTailer tailer, QueueVerification verification) {
        }

        private final Map<Key, Reader> readers = new ConcurrentHashMap<>();

        @Override
        public void close() {
            readers.values().forEach(r -> r.tailer.close());
            readers.clear();
        }
    }

    /** A start refused: this version's message classes misread the data in its queues. */
    public static final class IncompatibleMessages extends IllegalStateException {
        IncompatibleMessages(String message) {
            super(message);
        }
    }
}
