package io.celerity.testing;

/** How a YAML test reaches the component. */
public enum RunMode {
    /** Direct calls: no queues, no threads; the fastest. */
    DIRECT,
    /** Through the real runtime over real temporary queues, output read back from the output queue. */
    QUEUE,
    /** As QUEUE, but the host is abandoned without a clean close after every input and a new one started. */
    RESTART
}
