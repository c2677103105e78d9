package io.celerity.internal.dispatch;

import io.celerity.internal.encryption.RefusedDocument;
import net.openhft.chronicle.bytes.Bytes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Reports a service's failed inputs: counts each, logs the 1st, 2nd, 4th, 8th... of a kind (a flood stays visible
 * without flooding the log), tells the {@link HandlerErrors} of handler failures and, when the service has an
 * {@code errors} queue, writes each one there. Failure path only; loop thread only.
 */
public final class FailureReports {

    private static final Logger LOG = LoggerFactory.getLogger(FailureReports.class);
    private static final int MAX_REPORTED_TYPES = 64;

    private final String service;
    private final List<String> readQueues;
    private final ServiceCounters stats;
    private final HandlerErrors listener;
    private final Set<String> reportedTypes = new HashSet<>();
    private DeadLetters deadLetters;
    private Throwable writeFailure;

    FailureReports(String service, List<String> readQueues, ServiceCounters stats, HandlerErrors listener) {
        this.service = service;
        this.readQueues = readQueues;
        this.stats = stats;
        this.listener = listener;
    }

    /** From now on, writes each report to {@code deadLetters} too. */
    void writeTo(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    /** The component threw on input {@code input} (an index into the read queues); its bytes from {@code from}. */
    void handlerFailed(int input, long index, Throwable cause, Bytes<?> raw, long from) {
        long n = stats.countHandlerError();
        String queue = readQueues.get(input);
        if (isPowerOfTwo(n))
            LOG.warn("{}: handler threw on input '{}' index {} (error #{}); carrying on", service, queue,
                    Long.toHexString(index), n, cause);
        listener.onHandlerError(service, queue, index, cause);
        if (deadLetters != null) {
            try {
                deadLetters.handlerFailed(queue, index, cause, raw, from);
            } catch (Throwable e) {
                writeFailure = e;
            }
        }
    }

    /** The input named an event its reader does not know. */
    void unknownEvent(int input, long index, CharSequence event, Bytes<?> raw, long from) {
        long n = stats.countBadMessage();
        // The text is built only for a report that is logged or written: a flood of bad input costs no garbage.
        if (isPowerOfTwo(n) || deadLetters != null)
            badMessage(input, index, n, "unknown event '" + event + "'", raw, from);
    }

    /** The input could not be decoded. */
    void undecodable(int input, long index, RuntimeException e, Bytes<?> raw, long from) {
        long n = stats.countBadMessage();
        if (isPowerOfTwo(n) || deadLetters != null)
            badMessage(input, index, n, e.toString(), raw, from);
    }

    /** The input, of an encrypted queue, could not be authenticated: its tailer has moved past it unread. */
    void refused(int input, RefusedDocument e) {
        long n = stats.countBadMessage();
        if (isPowerOfTwo(n))
            LOG.warn("{}: input '{}': {} (bad message #{}); skipped", service, readQueues.get(input), e.getMessage(), n);
        if (deadLetters == null)
            return;
        try {
            deadLetters.badMessage(readQueues.get(input), e.index(), e.getMessage(), null, 0);
        } catch (RuntimeException failed) { // the document is passed over already: say so where it can be seen
            LOG.error("{}: the report of refused input '{}' index {} could not be written: {}", service,
                    readQueues.get(input), Long.toHexString(e.index()), failed.toString());
        }
    }

    /** The input's event is one this input does not accept, e.g. a snapshot event on an input queue. */
    void notAccepted(int input, long index, Throwable refusal, Bytes<?> raw, long from) {
        long n = stats.countBadMessage();
        if (isPowerOfTwo(n) || deadLetters != null)
            badMessage(input, index, n, refusal.getMessage(), raw, from);
    }

    private void badMessage(int input, long index, long n, String problem, Bytes<?> raw, long from) {
        if (isPowerOfTwo(n))
            LOG.warn("{}: bad message on input '{}' index {}: {} (bad message #{}); skipped", service,
                    readQueues.get(input), Long.toHexString(index), problem, n);
        deadLetter(input, index, problem, raw, from);
    }

    /** The input named a type its input interfaces do not declare; logged the first time each name is seen. */
    void rejectedType(int input, long index, String name, List<String> allowed, Bytes<?> raw, long from) {
        long n = stats.countBadMessage();
        if (reportedTypes.size() < MAX_REPORTED_TYPES ? reportedTypes.add(name) : isPowerOfTwo(n))
            LOG.warn("{}: message on input '{}' index {} names type '{}', which the component's input interfaces do "
                            + "not declare; skipped without loading it (bad message #{}; accepted types {})",
                    service, readQueues.get(input), Long.toHexString(index), name, n, allowed);
        deadLetter(input, index, "type '" + name + "' is not declared by the component's input interfaces", raw, from);
    }

    /** The timer method threw; a failure to write its report is thrown, as the tick has no input to keep. */
    void timerFailed(String method, Throwable cause) {
        long n = stats.countHandlerError();
        if (isPowerOfTwo(n))
            LOG.warn("{}: timer method {} threw (error #{})", service, method, n, cause);
        listener.onHandlerError(service, "timer", -1, cause);
        if (deadLetters != null)
            deadLetters.handlerFailed("timer", -1, cause, null, 0);
    }

    /** What stopped the last report from being written, once, or null: the input must then be read again. */
    Throwable takeWriteFailure() {
        Throwable e = writeFailure;
        writeFailure = null;
        return e;
    }

    private void deadLetter(int input, long index, String reason, Bytes<?> raw, long from) {
        if (deadLetters == null)
            return;
        try {
            deadLetters.badMessage(readQueues.get(input), index, reason, raw, from);
        } catch (Throwable e) {
            writeFailure = e;
        }
    }

    // Report the 1st, 2nd, 4th, 8th... occurrence: visible, yet a flood cannot flood the log.
    public static boolean isPowerOfTwo(long n) {
        return (n & (n - 1)) == 0;
    }
}
