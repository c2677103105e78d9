package io.celerity.benchmarks.harness;

import java.util.List;

/**
 * What a latency benchmark drives: one message per {@link #send} call, timed by the probes when it arrives.
 * The harness calls {@link #send} from its own thread at the target rate; the task's threads sample the probes.
 */
public interface LatencyTask extends AutoCloseable {

    /** Creates queues and threads and adds any per-hop probes; called once, before the warm-up. */
    void start(Probes probes) throws Exception;

    /**
     * Sends one message. {@code startNanos} ({@code System.nanoTime()} terms) is when it was due, or when it was sent
     * if coordinated-omission correction is off; the receiver samples {@link Probes#endToEnd()} against it.
     */
    void send(long startNanos);

    /**
     * Called on the sending thread while it waits for the next message to be due, again and again: a sender that
     * writes to a memory-mapped queue touches the page it will write next, as a Celerity event loop does when idle.
     */
    default void idle() {
    }

    /** The threads that handle messages (not the sender): their allocation is measured per message. */
    List<Thread> handlerThreads();

    @Override
    void close() throws Exception;
}
