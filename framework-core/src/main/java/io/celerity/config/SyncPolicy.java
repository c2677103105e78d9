package io.celerity.config;

/**
 * When the output documents services write to a queue are forced to disk (msync of the queue file's mapping). Named
 * after Chronicle's {@code SyncMode}, which the queue is also opened with.
 */
public enum SyncPolicy {
    /** Never forced: outputs survive a crash of the process, not of the machine, until the OS writes them back. */
    NONE,
    /** After each document, write-back is requested without waiting (MS_ASYNC; on Linux this changes nothing). */
    ASYNC,
    /** After each document, the service waits until it is on disk before it processes its next input (MS_SYNC). */
    SYNC
}
