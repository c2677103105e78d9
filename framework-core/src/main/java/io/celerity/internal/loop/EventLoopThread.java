package io.celerity.internal.loop;

import io.celerity.config.EventLoopConfig;
import io.celerity.internal.history.InputHistory;
import net.openhft.affinity.AffinityLock;
import net.openhft.chronicle.threads.Pauser;
import net.openhft.chronicle.wire.MessageHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;

/**
 * One thread running one or more services and user agents: it asks each for a pass of work, and pauses with the
 * configured pauser when none of them had any. A participant that fails outside any message is backed off on its own,
 * so the others keep running at full speed. Closing lets the pass in hand finish, so no message is left half-processed.
 */
public final class EventLoopThread {

    private static final Logger LOG = LoggerFactory.getLogger(EventLoopThread.class);
    public static final long FIRST_BACK_OFF_NANOS = 1_000_000;
    public static final long MAX_BACK_OFF_NANOS = 250_000_000; // Chronicle logs each failed attempt: few of them

    private final EventLoopConfig config;
    private final LoopParticipant[] participants;
    private final Pauser pauser;
    private volatile Thread thread; // the one it runs on, from its start
    private final CompletableFuture<Void> opened = new CompletableFuture<>();
    private final CountDownLatch ended = new CountDownLatch(1);
    private volatile boolean started; // a loop never started has nothing to wait for
    private final Consumer<String> stopHost;
    private volatile boolean running = true;
    private volatile boolean crashed;
    private final long failureTimeoutNanos;
    private long loopErrors;
    // Per participant: when it may run again (0: not backing off), its next back-off, and since when it fails.
    private final long[] retryAtNanos;
    private final long[] backOffNanos;
    private final long[] failingSinceNanos;
    private int backingOff; // participants whose retryAtNanos is set: only then does a pass read the clock

    /**
     * @param failureTimeout how long a service may keep failing outside any message before it stops the host
     * @param stopHost       told, once, why the host must stop because this loop cannot go on
     */
    public EventLoopThread(EventLoopConfig config, List<? extends LoopParticipant> participants, Duration failureTimeout,
                    Consumer<String> stopHost) {
        this.config = config;
        this.failureTimeoutNanos = failureTimeout.toNanos();
        this.stopHost = stopHost;
        this.participants = participants.toArray(new LoopParticipant[0]);
        this.retryAtNanos = new long[this.participants.length];
        this.backOffNanos = new long[this.participants.length];
        this.failingSinceNanos = new long[this.participants.length];
        java.util.Arrays.fill(backOffNanos, FIRST_BACK_OFF_NANOS);
        this.pauser = Pausers.create(config.pauser());
    }

    /**
     * Starts the loop on a thread of its own (one a loop that ended left, see {@link LoopThreads}) and waits until
     * every service and agent on it is built, positioned and started.
     */
    public void start() {
        LoopThreads.run("celerity-" + config.name(), this::run);
        started = true; // not before: a loop that no thread took has nothing to wait for
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
        thread = Thread.currentThread();
        try {
            runLoop();
        } finally {
            opened.completeExceptionally(new IllegalStateException("event loop '" + config.name()
                    + "' ended before it opened")); // e.g. no CPU to bind to; nothing when it opened
            ended.countDown();
        }
    }

    private void runLoop() {
        AffinityLock cpu = acquireCpu();
        InputHistory history = new InputHistory();
        MessageHistory.set(history);
        try {
            try {
                for (LoopParticipant p : participants)
                    p.open(history);
            } catch (RuntimeException | Error e) {
                opened.completeExceptionally(e);
                return;
            }
            opened.complete(null);
            loop();
        } finally {
            for (LoopParticipant p : participants) {
                if (crashed)
                    p.abandon();
                else
                    p.close();
            }
            if (cpu != null)
                cpu.release();
        }
    }

    private void loop() {
        try {
            passes();
        } catch (InternalError e) {
            // A page touched ahead while idle faulted (a full file system): the JVM reports it a moment later, wherever
            // the thread is then, e.g. in the pauser. The next write would fault too, and tear its document.
            faulted(participantNames(), e);
        }
    }

    private void passes() {
        LoopParticipant[] ps = participants;
        long[] retryAt = retryAtNanos;
        while (running) {
            int work = 0;
            long now = backingOff > 0 ? System.nanoTime() : 0;
            for (int i = 0; i < ps.length; i++) {
                if (retryAt[i] != 0 && now - retryAt[i] < 0)
                    continue; // backing off: the others carry on
                try {
                    work += ps[i].doWork();
                    if (retryAt[i] != 0)
                        recovered(i);
                } catch (InternalError e) {
                    // The JVM's report of a fault (SIGBUS) in a memory-mapped write, e.g. a full file system: the
                    // document in hand is torn, so leave everything as a crash would and stop rather than retry.
                    faulted("service '" + ps[i].name() + "'", e);
                    return;
                } catch (HostMustStop e) {
                    LOG.error("event loop '{}': '{}' must stop: {}", config.name(), ps[i].name(), e.getMessage());
                    running = false;
                    stopHost.accept("service '" + ps[i].name() + "': " + e.getMessage());
                    return;
                } catch (Throwable e) {
                    if (!failed(i, e))
                        return;
                }
            }
            if (work > 0) {
                pauser.reset();
            } else {
                idle(ps);
                pauser.pause();
            }
        }
    }

    private void faulted(String who, InternalError e) {
        LOG.error("event loop '{}': {} faulted writing a memory-mapped queue", config.name(), who, e);
        crashed = true;
        running = false;
        stopHost.accept(who + ": " + e.getMessage()
                + " (a memory-mapped queue write faulted: is its file system full?)");
    }

    private String participantNames() {
        StringJoiner names = new StringJoiner("', '", "'", "'");
        for (LoopParticipant p : participants)
            names.add(p.name());
        return (participants.length == 1 ? "service " : "services ") + names;
    }

    /**
     * A participant's doWork threw: report it and back it off, doubling its back-off up to the limit. Returns false
     * when the host must stop: a service kept failing outside any message for longer than the timeout.
     */
    private boolean failed(int i, Throwable e) {
        LoopParticipant p = participants[i];
        long now = System.nanoTime();
        if (failingSinceNanos[i] == 0)
            failingSinceNanos[i] = now;
        // A service's: not a message's fault (messages are handled inside the runner), e.g. the disk, whose checked
        // IOExceptions Chronicle throws undeclared. An agent's own doWork failing is reported by the agent's runner.
        if (p.loopHandles(e)) {
            if (Long.bitCount(++loopErrors) == 1)
                LOG.error("event loop '{}': service '{}' failed outside a message (error #{})", config.name(),
                        p.name(), loopErrors, e);
            if (now - failingSinceNanos[i] > failureTimeoutNanos) {
                stopBecauseFailing(p, e);
                return false;
            }
        }
        if (retryAtNanos[i] == 0)
            backingOff++;
        retryAtNanos[i] = now + backOffNanos[i]; // a lasting fault is retried ever more gently
        backOffNanos[i] = Math.min(2 * backOffNanos[i], MAX_BACK_OFF_NANOS);
        return true;
    }

    private void recovered(int i) {
        retryAtNanos[i] = 0;
        backOffNanos[i] = FIRST_BACK_OFF_NANOS;
        failingSinceNanos[i] = 0;
        backingOff--;
    }

    // Touching ahead is best effort, but for the fault of a full file system (see loop()).
    private static void idle(LoopParticipant[] ps) {
        for (LoopParticipant p : ps) {
            try {
                p.idle();
            } catch (InternalError e) {
                throw e;
            } catch (Throwable ignored) {
                // what does not fault a page shows again, and is handled, on the next write
            }
        }
    }

    // Retrying for ever would leave the service silently stalled: stop cleanly (the input in hand was rolled back).
    private void stopBecauseFailing(LoopParticipant r, Throwable e) {
        LOG.error("event loop '{}': service '{}' kept failing for {} ms; stopping the host", config.name(), r.name(),
                failureTimeoutNanos / 1_000_000, e);
        running = false;
        stopHost.accept("service '" + r.name() + "' kept failing outside any message for "
                + failureTimeoutNanos / 1_000_000 + " ms (writeFailureTimeout): " + e);
    }

    private AffinityLock acquireCpu() {
        return switch (config.affinity().kind()) {
            case NONE -> null;
            case ANY -> AffinityLock.acquireLock();
            case CPU -> AffinityLock.acquireLock(config.affinity().cpu());
        };
    }

    /** Stops after the pass in hand and waits for the loop to end; safe to call more than once. */
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
        if (!started || thread == Thread.currentThread())
            return;
        try {
            ended.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
