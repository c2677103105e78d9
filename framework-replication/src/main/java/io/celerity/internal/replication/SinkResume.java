package io.celerity.internal.replication;

/**
 * A sink's resume handshake with its source: the epoch the source's frames must carry, whether its answer is still
 * awaited, and when to ask again. Used on the sink's agent thread.
 */
final class SinkResume {

    private static final long RESUME_INTERVAL_NS = 20_000_000;
    // A source answers a resume at once, but Aeron starts a new receiver's image where the sender is when it joins:
    // frames sent just before (a restarted sink, a source still counting the old sink's publication connected) never
    // arrive, and with nothing written after them no gap shows it. Unanswered this long, ask again in a new epoch;
    // each frame of an older epoch that arrives meanwhile (a backlog still draining) restarts the wait.
    private static final long RESUME_ANSWER_NS = 1_000_000_000;
    // Each epoch unanswered doubles the wait for the next, so a slow link is not asked to start over for ever.
    private static final long RESUME_ANSWER_MAX_NS = 8_000_000_000L;

    // A new epoch per resume: frames sent before the source moved to the sink's place are told apart and dropped;
    // odd, so never NO_EPOCH.
    private long epoch = System.nanoTime() | 1;
    private boolean resuming;
    private long lastResumeNs;
    private long epochStartNs;
    private long answerWaitNs = RESUME_ANSWER_NS;
    private boolean olderFrames; // a frame of an older epoch arrived while resuming: the link moves, the answer follows

    /** The epoch the source's frames must carry to count. */
    long epoch() {
        return epoch;
    }

    /** Whether the source has not yet answered this epoch's resume. */
    boolean awaited() {
        return resuming;
    }

    /** Starts a new epoch at {@code nowNs}, its resume due at once. */
    void next(long nowNs) {
        epoch += 2;
        resuming = true;
        olderFrames = false;
        epochStartNs = nowNs;
        lastResumeNs = epochStartNs - RESUME_INTERVAL_NS;
    }

    /** Makes the next resume due at once, in this epoch. */
    void askNow(long nowNs) {
        lastResumeNs = nowNs - RESUME_INTERVAL_NS;
    }

    /** Starts the wait for an answer at {@code nowNs}: when the first resume can be sent. */
    void waitFrom(long nowNs) {
        epochStartNs = nowNs;
    }

    /** Whether a frame of {@code frameEpoch} counts; one of an older epoch, while resuming, restarts the wait. */
    boolean current(long frameEpoch) {
        if (frameEpoch == epoch)
            return true;
        if (resuming)
            olderFrames = true;
        return false;
    }

    /** A frame of this epoch arrived: whether it is the answer to the resume (the first since it was sent). */
    boolean answered() {
        if (!resuming)
            return false;
        resuming = false;
        answerWaitNs = RESUME_ANSWER_NS;
        return true;
    }

    /** Whether the answer is overdue at {@code nowNs}; if so, the next epoch waits twice as long, up to a limit. */
    boolean overdue(long nowNs) {
        if (olderFrames) {
            olderFrames = false;
            epochStartNs = nowNs;
        }
        if (nowNs - epochStartNs < answerWaitNs)
            return false;
        answerWaitNs = Math.min(2 * answerWaitNs, RESUME_ANSWER_MAX_NS);
        return true;
    }

    /** Whether a resume is due again at {@code nowNs}. */
    boolean askDue(long nowNs) {
        return nowNs - lastResumeNs >= RESUME_INTERVAL_NS;
    }

    /** A resume was sent at {@code nowNs}. */
    void asked(long nowNs) {
        lastResumeNs = nowNs;
    }
}
