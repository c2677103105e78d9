package io.celerity.internal.loop;

import io.celerity.fixtures.Queues;
import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loops run on threads kept a moment after their loop ends, each named for its loop, and none kept for good. */
class LoopThreadsTest {

    private static final long LIVENESS_MILLIS = 20_000;
    private static final Duration LIVENESS = Duration.ofMillis(LIVENESS_MILLIS);

    @Test
    void aLoopRunsNamedForItWithItsStartersClassLoaderAndTheNextLoopRunsOnTheThreadItLeft() throws Exception {
        ClassLoader before = Thread.currentThread().getContextClassLoader();
        ClassLoader starters = new URLClassLoader(new URL[0], before);
        CompletableFuture<Thread> first = new CompletableFuture<>();
        CompletableFuture<ClassLoader> loader = new CompletableFuture<>();
        CompletableFuture<String> name = new CompletableFuture<>();
        Thread.currentThread().setContextClassLoader(starters);
        try {
            LoopThreads.run("celerity-first", () -> {
                name.complete(Thread.currentThread().getName());
                loader.complete(Thread.currentThread().getContextClassLoader());
                first.complete(Thread.currentThread());
            });
        } finally {
            Thread.currentThread().setContextClassLoader(before);
        }
        Thread thread = first.get(LIVENESS_MILLIS, TimeUnit.MILLISECONDS);
        assertEquals("celerity-first", name.get());
        assertSame(starters, loader.get());

        // The next loop runs on the thread the first left, once it waits for one; a machine that stalls the test past
        // the thread's idle limit may end it first, so a few tries, each with a fresh thread.
        Thread kept = thread;
        boolean reused = false;
        for (int tries = 0; tries < 5 && !reused; tries++) {
            Thread waiting = kept;
            Queues.await("the thread to wait for the next loop", LIVENESS,
                    () -> waiting.getState() == Thread.State.TIMED_WAITING || !waiting.isAlive());
            CompletableFuture<Thread> next = new CompletableFuture<>();
            CompletableFuture<ClassLoader> nextLoader = new CompletableFuture<>();
            LoopThreads.run("celerity-next", () -> {
                nextLoader.complete(Thread.currentThread().getContextClassLoader());
                next.complete(Thread.currentThread());
            });
            Thread ran = next.get(LIVENESS_MILLIS, TimeUnit.MILLISECONDS);
            assertSame(before, nextLoader.get(), "each loop has its own starter's class loader");
            reused = ran == waiting;
            kept = ran;
        }
        assertTrue(reused, "a loop ran on the thread the loop before it left");
        Thread last = kept;
        Queues.await("the idle thread to end", LIVENESS, () -> !last.isAlive());
    }
}
