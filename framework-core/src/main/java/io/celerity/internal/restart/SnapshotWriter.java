package io.celerity.internal.restart;

import io.celerity.config.SnapshotConfig;
import io.celerity.internal.codegen.MethodCode;
import io.celerity.snapshot.SnapshotEnded;
import io.celerity.snapshot.SnapshotMarks;
import io.celerity.snapshot.SnapshotStarted;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.MarshallableOut;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.util.List;

/**
 * Writes snapshots of a component's state to its snapshot queue, on the service's loop thread between inputs: a start
 * mark, the component's state events (one document each, through a generated writer of its state interface), an end
 * mark. Decides when one is due from the configured input count and period.
 */
public final class SnapshotWriter implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotWriter.class);
    // A snapshot that held its loop this long is logged; a quick one only at debug: a log line is garbage on the loop.
    private static final long LOGGED_MILLIS = 10;

    private final String service;
    private final SnapshotConfig config;
    private final long periodNanos;
    private final ExcerptAppender appender;
    private final CountingOut counted;
    private final SnapshotMarks marks;
    private final Object stateWriter;
    private final MethodHandle writeState; // (component, stateWriter): a reflective call made garbage per snapshot
    private final String methodName;
    private final Object component;
    private final SnapshotStarted started = new SnapshotStarted();
    private final SnapshotEnded ended = new SnapshotEnded();
    private long inputsAtLast;
    private long lastNanos;

    public SnapshotWriter(String service, SnapshotConfig config, ChronicleQueue queue, Method method, Object component,
                   long inputs, long nowNanos) {
        this.service = service;
        this.config = config;
        this.periodNanos = config.period() == null ? Long.MAX_VALUE : config.period().toNanos();
        this.appender = queue.createAppender();
        this.counted = new CountingOut(appender);
        this.marks = (SnapshotMarks) MethodCode.writer(queue, appender, List.of(SnapshotMarks.class), service);
        this.stateWriter = MethodCode.writer(queue, counted, List.of(method.getParameterTypes()[0]), service);
        this.writeState = handle(method);
        this.methodName = method.getName();
        this.component = component;
        this.inputsAtLast = inputs;
        this.lastNanos = nowNanos;
    }

    /** Whether a snapshot is due, given the inputs processed so far; none is while no input has come since the last. */
    public boolean due(long inputs) {
        long since = inputs - inputsAtLast;
        return since > 0 && ((config.everyInputs() > 0 && since >= config.everyInputs())
                || (periodNanos != Long.MAX_VALUE && System.nanoTime() - lastNanos >= periodNanos));
    }

    /**
     * Writes a snapshot of the state as it is after every output up to {@code outputIndex}. A method that throws leaves
     * the snapshot without its end mark: a restart passes over it to the one before.
     *
     * @return whether the snapshot was completed
     */
    public boolean take(long outputIndex, long inputs, long wallNanos) {
        long start = System.nanoTime();
        inputsAtLast = inputs;
        lastNanos = start;
        marks.snapshotStarted(started.set(service, wallNanos, outputIndex));
        long startIndex = appender.lastIndexAppended();
        counted.documents = 0;
        try {
            writeState.invokeExact(component, stateWriter);
        } catch (Throwable e) { // e.g. a StackOverflowError of a recursive writer: as Method.invoke wrapped it
            LOG.warn("{}: {} threw; snapshot at {} abandoned, the previous one stands", service, methodName,
                    Long.toHexString(startIndex), e);
            return false;
        }
        marks.snapshotEnded(ended.set(service, startIndex, counted.documents));
        long millis = (System.nanoTime() - start) / 1_000_000;
        if (millis >= LOGGED_MILLIS || LOG.isDebugEnabled())
            LOG.info("{}: snapshot of {} state event(s) at {} in {} ms", service, counted.documents,
                    Long.toHexString(startIndex), millis);
        return true;
    }

    private static MethodHandle handle(Method method) {
        try {
            return MethodHandles.lookup().unreflect(method)
                    .asType(MethodType.methodType(void.class, Object.class, Object.class));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e); // validated public
        }
    }

    @Override
    public void close() {
        appender.close();
    }

    /** The appender, counting the documents the state writer opens. */
    private static final class CountingOut implements MarshallableOut {
        private final ExcerptAppender appender;
        long documents;

        CountingOut(ExcerptAppender appender) {
            this.appender = appender;
        }

        @Override
        public DocumentContext writingDocument(boolean metaData) {
            documents++;
            return appender.writingDocument(metaData);
        }

        @Override
        public DocumentContext acquireWritingDocument(boolean metaData) {
            documents++;
            return appender.acquireWritingDocument(metaData);
        }

        @Override
        public boolean recordHistory() {
            return false;
        }
    }
}
