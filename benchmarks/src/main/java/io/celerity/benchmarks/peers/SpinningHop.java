package io.celerity.benchmarks.peers;

import io.celerity.benchmarks.harness.LatencyTask;
import net.openhft.affinity.AffinityLock;

import java.util.List;

/**
 * A peer's hop with the baseline's shape: the harness sends, and one spinning thread, pinned to a CPU when asked,
 * takes each message from the first transport, echoes it into the second and takes it from there to time it. A loop
 * that dies is reported when the hop is closed rather than lost.
 */
abstract class SpinningHop implements LatencyTask {

    /** A peer's handling loop: it spins while {@link SpinningHop#running()}. */
    @FunctionalInterface
    interface Loop {
        void run() throws Exception;
    }

    private final int handlerCpu;
    private Thread handler;
    private volatile boolean running = true;
    private volatile Throwable failure;

    SpinningHop(int handlerCpu) {
        this.handlerCpu = handlerCpu;
    }

    /** Starts {@code loop} on the handling thread called {@code name}. */
    final void startHandler(String name, Loop loop) {
        handler = new Thread(() -> runPinned(loop), name);
        handler.start();
    }

    private void runPinned(Loop loop) {
        AffinityLock lock = handlerCpu >= 0 ? AffinityLock.acquireLock(handlerCpu) : null;
        try {
            loop.run();
        } catch (Throwable t) {
            failure = t;
        } finally {
            if (lock != null)
                lock.release();
        }
    }

    final boolean running() {
        return running;
    }

    @Override
    public final List<Thread> handlerThreads() {
        return List.of(handler);
    }

    /** Stops the handling thread, then closes the transports; throws what ended the loop early, if anything did. */
    @Override
    public final void close() throws Exception {
        try {
            running = false;
            if (handler != null)
                handler.join();
        } finally {
            closeTransports();
        }
        if (failure != null)
            throw new IllegalStateException(handler.getName() + " failed", failure);
    }

    /** Releases what {@link #start} opened, after the handling thread has stopped. */
    void closeTransports() throws Exception {
    }
}
