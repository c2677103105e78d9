package io.celerity.internal.dispatch;

import io.celerity.api.FailedInput;
import io.celerity.api.FailedInputs;
import io.celerity.internal.chronicle.AppenderRepair;
import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.history.HistoryRecordingAppender;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.VanillaMethodWriterBuilder;

/**
 * Writes a service's failed inputs to its {@code errors} queue as {@link FailedInputs} events, each in a document of
 * its own that carries the input's message history, so a restart can tell that the input is done with. Only used on
 * the failure path: it may allocate, but keeps one report and one bounded text buffer. Loop thread only.
 */
final class DeadLetters implements Closeable {

    /** Frames kept per throwable, and the causes followed: enough to locate a fault, bounded for a flood. */
    private static final int MAX_FRAMES = 24, MAX_CAUSES = 4, MAX_TRACE_CHARS = 8192;

    private final String service;
    private final ChronicleQueue queue;
    private final ExcerptAppender appender;
    private final FailedInputs writer;
    private final FailedInput report = new FailedInput();
    private final StringBuilder trace = new StringBuilder();

    /** Opens the appender and writer; call on the loop thread. */
    DeadLetters(String service, ChronicleQueue queue) {
        this.service = service;
        this.queue = queue;
        this.appender = queue.createAppender();
        VanillaMethodWriterBuilder<FailedInputs> builder = queue.methodWriterBuilder(FailedInputs.class);
        builder.marshallableOut(new HistoryRecordingAppender(appender)); // the thread's history: the failed input's source
        this.writer = builder.build();
        GeneratedCode.requireGeneratedWriter(writer, service);
    }

    /**
     * Reports a handler failure.
     *
     * @param input the input document's bytes from {@code from} to their read limit, or {@code null} for a timer
     */
    void handlerFailed(String inputQueue, long index, Throwable cause, Bytes<?> input, long from) {
        fill(inputQueue, index, input, from).cause(cause.getClass().getName(), cause.getMessage(), stackTrace(cause));
        write(true);
    }

    /** Reports a bad message; {@code input} as for {@link #handlerFailed}. */
    void badMessage(String inputQueue, long index, String reason, Bytes<?> input, long from) {
        fill(inputQueue, index, input, from).cause(null, reason, null);
        write(false);
    }

    private FailedInput fill(String inputQueue, long index, Bytes<?> input, long from) {
        Bytes<?> raw = report.input();
        raw.clear();
        if (input != null)
            raw.write(input, from, input.readLimit() - from);
        return report.at(service, inputQueue, index);
    }

    private void write(boolean handler) {
        try {
            if (handler)
                writer.handlerFailed(report);
            else
                writer.badMessage(report);
        } catch (Throwable e) {
            AppenderRepair.afterFailedOpen(appender, queue, e);
            throw e;
        }
    }

    private String stackTrace(Throwable t) {
        trace.setLength(0);
        for (int depth = 0; t != null && depth < MAX_CAUSES; t = t.getCause(), depth++) {
            trace.append(depth == 0 ? "" : "Caused by: ").append(t).append('\n');
            StackTraceElement[] frames = t.getStackTrace();
            for (int i = 0; i < frames.length && i < MAX_FRAMES; i++)
                trace.append("\tat ").append(frames[i]).append('\n');
            if (frames.length > MAX_FRAMES)
                trace.append("\t... ").append(frames.length - MAX_FRAMES).append(" more\n");
        }
        if (trace.length() > MAX_TRACE_CHARS)
            trace.setLength(MAX_TRACE_CHARS);
        return trace.toString();
    }

    @Override
    public void close() {
        Closeable.closeQuietly(appender);
    }

    @Override
    public boolean isClosed() {
        return appender.isClosed();
    }
}
