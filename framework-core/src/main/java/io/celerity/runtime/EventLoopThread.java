package io.celerity.runtime;

import io.celerity.config.EventLoopConfig;
import net.openhft.affinity.AffinityLock;
import net.openhft.chronicle.threads.Pauser;
import net.openhft.chronicle.wire.MessageHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One thread running one or more services: it asks each for a pass of work, and pauses with the configured pauser when
 * none of them had any. Closing lets the pass in hand finish, so no message is left half-processed.
 */
final class EventLoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(EventLoopThread.class);
    private static final long ERROR_BACK_OFF_NANOS = 1_000_000;

    private final EventLoopConfig config;
    private final ServiceRunner[] runners;
    private final Pauser pauser;
    private final Thread thread;
    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    private final Consumer<String> stopHost;
    private volatile boolean running = true;
    private volatile boolean crashed;
    private long loopErrors;

    /** @param stopHost told, once, why the host must stop because this loop cannot go on */
    EventLoopThread(EventLoopConfig config, List<ServiceRunner> runners, Consumer<String> stopHost) {
        this.config = config;
        this.stopHost = stopHost;
        this.runners = runners.toArray(new ServiceRunner[0]);
        this.pauser = Pausers.create(config.pauser());
        this.thread = new Thread(this::run, "celerity-" + config.name());
    }

    /** Starts the thread and waits until every service on it is built and positioned. */
    void start() {
        thread.start();
        try {
            opened.join();
        } catch (CompletionException e) {
            join();
            throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
        }
    }

    Thread thread() {
        return thread;
    }

    private void run() {
        AffinityLock cpu = acquireCpu();
        InputHistory history = new InputHistory();
        MessageHistory.set(history);
        try {
            try {
                for (ServiceRunner r : runners)
                    r.open(history);
            } catch (RuntimeException | Error e) {
                opened.completeExceptionally(e);
                return;
            }
            opened.complete(null);
            loop();
        } finally {
            if (!crashed)
                for (ServiceRunner r : runners)
                    r.close();
            if (cpu != null)
                cpu.release();
        }
    }

    private void loop() {
        ServiceRunner[] rs = runners;
        while (running) {
            int work = 0;
            for (ServiceRunner r : rs) {
                try {
                    work += r.doWork();
                } catch (InternalError e) {
                    // The JVM's report of a fault (SIGBUS) in a memory-mapped write, e.g. a full file system: the
                    // document in hand is torn, so leave everything as a crash would and stop rather than retry.
                    LOG.error("event loop '{}': service '{}' faulted writing a memory-mapped queue", config.name(),
                            r.name(), e);
                    crashed = true;
                    running = false;
                    stopHost.accept("service '" + r.name() + "': " + e.getMessage() + " (a memory-mapped queue "
                            + "write faulted: is its file system full?)");
                    return;
                } catch (RuntimeException | Error e) {
                    // Not a message's fault (messages are handled inside the runner): e.g. the disk. Keep going.
                    if (Long.bitCount(++loopErrors) == 1)
                        LOG.error("event loop '{}': service '{}' failed outside a message (error #{})",
                                config.name(), r.name(), loopErrors, e);
                    LockSupport.parkNanos(ERROR_BACK_OFF_NANOS); // a lasting fault (e.g. the disk) is retried gently
                }
            }
            if (work > 0) {
                pauser.reset();
            } else {
                for (ServiceRunner r : rs)
                    r.idle();
                pauser.pause();
            }
        }
    }

    private AffinityLock acquireCpu() {
        switch (config.affinity()) {
            case "NONE":
                return null;
            case "ANY":
                return AffinityLock.acquireLock();
            default:
                return AffinityLock.acquireLock(Integer.parseInt(config.affinity()));
        }
    }

    /** Stops after the pass in hand and waits for the thread to finish; safe to call more than once. */
    void close() {
        running = false;
        pauser.unpause();
        join();
    }

    /** Stops after the pass in hand, leaving appenders and tailers open, as a crash would. */
    void crash() {
        crashed = true;
        close();
    }

    private void join() {
        if (thread == Thread.currentThread())
            return;
        try {
            thread.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
