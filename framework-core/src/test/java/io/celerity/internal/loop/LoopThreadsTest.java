package io.celerity.internal.loop;

import org.junit.jupiter.api.Test;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Loops run on threads kept a moment after their loop ends, each named for its loop, and none kept for good. */
class LoopThreadsTest {

    private static final long LIVENESS_MILLIS = 20_000;

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
        // Back in the pool, waiting for a loop: the next one is handed to it.
        await("the thread to wait for the next loop", () -> thread.getState() == Thread.State.TIMED_WAITING);

        CompletableFuture<Thread> second = new CompletableFuture<>();
        CompletableFuture<ClassLoader> secondLoader = new CompletableFuture<>();
        LoopThreads.run("celerity-second", () -> {
            secondLoader.complete(Thread.currentThread().getContextClassLoader());
            second.complete(Thread.currentThread());
        });
        assertSame(thread, second.get(LIVENESS_MILLIS, TimeUnit.MILLISECONDS));
        assertSame(before, secondLoader.get(), "each loop has its own starter's class loader");
        await("the idle thread to end", () -> !thread.isAlive());
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.currentTimeMillis() + LIVENESS_MILLIS;
        while (!condition.getAsBoolean()) {
            assertTrue(System.currentTimeMillis() < deadline, "waited " + LIVENESS_MILLIS + " ms for " + what);
            Thread.sleep(1);
        }
    }
}
