package io.celerity.runtime;

import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** In steady state the loop thread reads, dispatches and writes binary DTOs without allocating at all. */
class NoGarbageTest {

    private static final int WINDOW = 50_000;
    private static final int MAX_WARM_UP_WINDOWS = 20;
    private static final int MEASURED = 100_000;

    @TempDir
    Path dir;

    @Test
    void theLoopThreadAllocatesNothingPerMessage() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .queue("out", dir.resolve("out"))
                .eventLoop(new EventLoopConfig("hot", PauserType.YIELDING, "NONE"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withEventLoop("hot"))
                .build();
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (ServiceHost host = ServiceHost.start(config); ChronicleQueue in = Queues.open(dir.resolve("in"))) {
            TickIn writer = in.methodWriter(TickIn.class);
            Tick tick = new Tick();
            long loopThread = host.loopThread("hot").getId();

            // Warm-up ends after two windows in a row allocate nothing: until then C2 is still (re)compiling.
            int sent = 0;
            int quietWindows = 0;
            List<Long> warmUp = new ArrayList<>();
            while (quietWindows < 2) {
                assertTrue(warmUp.size() < MAX_WARM_UP_WINDOWS, "no steady state; bytes per window: " + warmUp);
                long windowBytes = allocatedWhileProcessing(threads, loopThread, host, writer, tick, sent, WINDOW);
                sent += WINDOW;
                warmUp.add(windowBytes);
                quietWindows = windowBytes == 0 ? quietWindows + 1 : 0;
            }
            long allocated = allocatedWhileProcessing(threads, loopThread, host, writer, tick, sent, MEASURED);

            assertEquals(0, allocated, "bytes allocated by the loop thread over " + MEASURED
                    + " messages after warm-up windows " + warmUp);
            assertEquals(0, host.stats("echo").handlerErrors() + host.stats("echo").badMessages());
        }
    }

    private static long allocatedWhileProcessing(com.sun.management.ThreadMXBean threads, long thread, ServiceHost host,
                                                 TickIn writer, Tick tick, int from, int count) {
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = from; i < from + count; i++)
            writer.tick(tick.set(1, i, i));
        Queues.await("processing", Duration.ofSeconds(60), () -> host.stats("echo").outputs() == from + count);
        return threads.getThreadAllocatedBytes(thread) - before;
    }
}
