package io.celerity.internal.operations;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;

/**
 * The one thread of a process for its hosts' periodic chores off the loops: status files and disk space checks. One
 * per process, not per host: starting a thread costs about half a millisecond on a small VM, and a test that restarts
 * a host after every input starts hosts by the hundred. A chore catches what it throws: a scheduled task that throws
 * is never run again.
 */
public final class Housekeeping {

    private static final ScheduledExecutorService THREAD = create();

    private Housekeeping() {
    }

    public static ScheduledExecutorService thread() {
        return THREAD;
    }

    private static ScheduledExecutorService create() {
        ScheduledThreadPoolExecutor executor = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "celerity-housekeeping");
            t.setDaemon(true);
            return t;
        });
        executor.setRemoveOnCancelPolicy(true); // a closed host's chores leave the queue at once
        return executor;
    }
}
