package io.celerity.internal.loop;

import io.celerity.config.EventLoopConfig;
import io.celerity.internal.dispatch.InputHistory;
import io.celerity.internal.dispatch.ServiceRunner;
import net.openhft.affinity.AffinityLock;
import net.openhft.chronicle.threads.Pauser;
import net.openhft.chronicle.wire.MessageHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * One thread running one or more services: it asks each for a pass of work, and pauses with the configured pauser when
 * none of them had any. Closing lets the pass in hand finish, so no message is left half-processed.
 */
public final class EventLoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(EventLoopThread.class);
    private static final long FIRST_BACK_OFF_NANOS = 1_000_000;
    private static final long MAX_BACK_OFF_NANOS = 250_000_000; // Chronicle logs each failed attempt: few of them

    private final EventLoopConfig config;
    private final ServiceRunner[] runners;
    private final Pauser pauser;
    private final Thread thread;
    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    private final Consumer<String> stopHost;
    private volatile boolean running = true;
    private volatile boolean crashed;
    private final long failureTimeoutNanos;
    private long loopErrors;
    private long failingSinceNanos; // 0 while the loop's last pass went through without an error
    private long backOffNanos = FIRST_BACK_OFF_NANOS;

    /**
     * @param failureTimeout how long the loop may keep failing outside any message before it stops the host
     * @param stopHost       told, once, why the host must stop because this loop cannot go on
     */
    public EventLoopThread(EventLoopConfig config, List<ServiceRunner> runners, Duration failureTimeout,
                    Consumer<String> stopHost) {
        this.config = config;
        this.failureTimeoutNanos = failureTimeout.toNanos();
        this.stopHost = stopHost;
        this.runners = runners.toArray(new ServiceRunner[0]);
        this.pauser = Pausers.create(config.pauser());
        this.thread = new Thread(this::run, "celerity-" + config.name());
    }

    /** Starts the thread and waits until every service on it is built and positioned. */
    public void start() {
        thread.start();
        try {
            opened.join();
        } catch (CompletionException e) {
            join();
            throw e.getCause() instanceof RuntimeException ? (RuntimeException) e.getCause() : e;
        }
    }

    public Thread thread() {
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
            boolean failed = false;
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
                } catch (Throwable e) {
                    // Not a message's fault (messages are handled inside the runner): e.g. the disk, whose checked
                    // IOExceptions Chronicle throws undeclared. Keep going, for a while.
                    if (Long.bitCount(++loopErrors) == 1)
                        LOG.error("event loop '{}': service '{}' failed outside a message (error #{})",
                                config.name(), r.name(), loopErrors, e);
                    failed = true;
                    if (failingFor() > failureTimeoutNanos) {
                        stopBecauseFailing(r, e);
                        return;
                    }
                    LockSupport.parkNanos(backOffNanos); // a lasting fault (e.g. the disk) is retried ever more gently
                    backOffNanos = Math.min(2 * backOffNanos, MAX_BACK_OFF_NANOS);
                }
            }
            if (!failed) {
                failingSinceNanos = 0;
                backOffNanos = FIRST_BACK_OFF_NANOS;
            }
            if (work > 0) {
                pauser.reset();
            } else {
                idle(rs);
                pauser.pause();
            }
        }
    }

    // Touching ahead is best effort: a fault here (e.g. a full disk) shows again, and is handled, on the next write.
    private static void idle(ServiceRunner[] rs) {
        for (ServiceRunner r : rs) {
            try {
                r.idle();
            } catch (Throwable ignored) {
                // as above
            }
        }
    }

    private long failingFor() {
        long now = System.nanoTime();
        if (failingSinceNanos == 0)
            failingSinceNanos = now;
        return now - failingSinceNanos;
    }

    // Retrying for ever would leave the service silently stalled: stop cleanly (the input in hand was rolled back).
    private void stopBecauseFailing(ServiceRunner r, Throwable e) {
        LOG.error("event loop '{}': service '{}' kept failing for {} ms; stopping the host", config.name(), r.name(),
                failureTimeoutNanos / 1_000_000, e);
        running = false;
        stopHost.accept("service '" + r.name() + "' kept failing outside any message for "
                + failureTimeoutNanos / 1_000_000 + " ms (writeFailureTimeout): " + e);
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
    public void close() {
        running = false;
        pauser.unpause();
        join();
    }

    /** Stops after the pass in hand, leaving appenders and tailers open, as a crash would. */
    public void crash() {
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
