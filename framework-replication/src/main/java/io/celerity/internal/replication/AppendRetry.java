package io.celerity.internal.replication;

/**
 * After a sink failed to append (a full disk): when to ask the source to resend, and whether the failure is still to be
 * said in the log (once until an append succeeds). Used on the sink's agent thread.
 */
final class AppendRetry {

    // After a failed append: time for it to clear before the source is asked to resend.
    private static final long WRITE_RETRY_NS = 1_000_000_000L;

    private boolean failed; // since the last document appended; logged once
    private long retryAtNs;

    /** Whether a retry is waited for: frames are dropped meanwhile. */
    boolean pending() {
        return retryAtNs != 0;
    }

    /** Whether the pending retry is due at {@code nowNs}; if so it is no longer pending. */
    boolean due(long nowNs) {
        if (nowNs - retryAtNs < 0)
            return false;
        retryAtNs = 0;
        return true;
    }

    /** An append failed at {@code nowNs}: retried a second later; whether it is the first since the last append. */
    boolean failed(long nowNs) {
        retryAtNs = (nowNs + WRITE_RETRY_NS) | 1; // never 0: that means no retry due
        if (failed)
            return false;
        failed = true;
        return true;
    }

    /** A document was appended: whether after a failure. */
    boolean appended() {
        if (!failed)
            return false;
        failed = false;
        return true;
    }
}
