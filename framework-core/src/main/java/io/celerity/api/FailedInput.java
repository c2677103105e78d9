package io.celerity.api;

import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/**
 * One failed input, as reported on a service's {@code errors} queue: where it was, what went wrong, and its raw bytes,
 * so that a tool can write it again once the cause is fixed. Reused by the writer and by generated readers.
 */
public final class FailedInput extends SelfDescribingMarshallable {

    private String service;
    private String queue;
    private long index;
    private String exception;
    private String reason;
    private String stackTrace;
    private final Bytes<?> input = Bytes.allocateElasticOnHeap(256);

    /** The service whose input failed. */
    public String service() {
        return service;
    }

    /** The input queue the message came from, or {@code timer}. */
    public String queue() {
        return queue;
    }

    /** The message's index on that queue, or -1 for a timer. */
    public long index() {
        return index;
    }

    /** The class of what the component threw, or {@code null} for a bad message. */
    public String exception() {
        return exception;
    }

    /** The exception's message, or what was wrong with a bad message. */
    public String reason() {
        return reason;
    }

    /** The exception's stack trace, cut to a bounded length, or {@code null} for a bad message. */
    public String stackTrace() {
        return stackTrace;
    }

    /** The input document's bytes as the queue held them (its history, then its event), empty for a timer. */
    public Bytes<?> input() {
        return input;
    }

    /** Sets where the failed input was. */
    public FailedInput at(String service, String queue, long index) {
        this.service = service;
        this.queue = queue;
        this.index = index;
        return this;
    }

    /** Sets what went wrong: the exception class (null for a bad message), its message or the reason, a stack trace. */
    public FailedInput cause(String exception, String reason, String stackTrace) {
        this.exception = exception;
        this.reason = reason;
        this.stackTrace = stackTrace;
        return this;
    }
}
