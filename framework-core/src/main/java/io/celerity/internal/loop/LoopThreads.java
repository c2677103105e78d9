package io.celerity.internal.loop;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The threads event loops run on, each kept a moment after its loop ends so that the next loop to start in this
 * process runs on it: starting a thread took 0.8 ms of each host start on 2 cores, and a restart test starts a host
 * per input. A thread idle for {@link #KEEP_IDLE_MILLIS} ends, so a process that waits for its threads once its hosts
 * have closed exits at most that much later.
 */
final class LoopThreads {

    static final long KEEP_IDLE_MILLIS = 200;
    private static final String IDLE_NAME = "celerity-idle-loop";
    // No queue: a loop is handed to an idle thread or a new one at once, never waits for one.
    private static final ExecutorService THREADS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, KEEP_IDLE_MILLIS,
            TimeUnit.MILLISECONDS, new SynchronousQueue<>(), r -> new Thread(r, IDLE_NAME));

    private LoopThreads() {
    }

    /** Runs {@code loop} on a kept thread or a new one, named {@code name}, with the caller's context class loader. */
    static void run(String name, Runnable loop) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        THREADS.execute(() -> {
            Thread me = Thread.currentThread();
            me.setName(name);
            me.setContextClassLoader(loader);
            try {
                loop.run();
            } finally {
                Thread.interrupted(); // the next loop starts uninterrupted
                me.setName(IDLE_NAME);
            }
        });
    }
}
