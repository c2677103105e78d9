package io.celerity.testing;

/** How a YAML test reaches the component. */
public enum RunMode {
    /** Direct calls: no queues, no threads; the fastest. */
    DIRECT,
    /** Through the real runtime over real temporary queues, output read back from the output queue. */
    QUEUE,
    /**
     * As QUEUE, but after every input the host is crashed (its loops stopped where they were, nothing closed) and a new
     * host started on the same queues; the crashed hosts are only closed when the test ends.
     */
    RESTART
}
