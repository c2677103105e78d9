package io.celerity.config;

/** Where a service starts reading its inputs. */
public enum StartFrom {
    /** Just after the last input that produced output (or was acknowledged), per input queue. */
    LAST_WRITTEN,
    /** From the first message of every input. */
    START,
    /** Only messages written after the service starts. */
    END
}
