package io.celerity.examples.topofbook;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import io.celerity.host.ServiceStats;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * topofbook/services.yaml on real queues: after warm-up, the echo's loop thread reads, dispatches and writes a million
 * top-of-book updates allocating nothing per message. The few objects it does create are not the messages': Chronicle
 * maps the next 64 MB chunk of a growing queue file (about 700 bytes for the output, 360 for the input), rebuilds a
 * per-thread index cache it holds weakly when a GC has cleared it (about 300 bytes), and the JIT, when it deoptimises a
 * method, puts objects it had optimised away back on the heap (a one-off, up to a few KB). So almost every window of
 * 25,000 updates allocates exactly 0 bytes, which an allocation per message, or per thousand messages, could not do.
 */
class TopOfBookAllocationTest {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TopOfBookAllocationTest.class);


    private static final int WINDOW = 25_000;
    private static final int MAX_WARM_UP_WINDOWS = 40;
    private static final int MEASURED_WINDOWS = 40;
    /** Windows allowed to allocate: a new chunk, a GC or a deoptimisation happens a few times a million (2-5 seen). */
    private static final int MAX_WINDOWS_THAT_ALLOCATE = 10;
    /** A handful of objects each time: measured at 1.0-8.8 KB for the whole million. */
    private static final long MAX_BYTES = 32 * 1024;

    @TempDir
    Path dir;

    @Test
    void echoesAMillionUpdatesAllocatingNothingPerMessage() throws IOException {
        CelerityConfig config = CelerityConfig.parse("topofbook/services.yaml", resource("topofbook/services.yaml"), dir);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try (ServiceHost host = ServiceHost.start(config);
             ChronicleQueue in = SingleChronicleQueueBuilder.binary(dir.resolve("top-of-book"))
                     .rollCycle(RollCycles.FAST_DAILY).build()) {
            Sender sender = new Sender(in.methodWriter(TopOfBookListener.class), host.stats("tob-echo"));
            long loopThread = host.loopThread("echo").getId();

            // Warm-up ends after three windows in a row allocate nothing: until then the JIT is still compiling.
            List<Long> warmUp = new ArrayList<>();
            int quietInARow = 0;
            while (quietInARow < 3) {
                assertTrue(warmUp.size() < MAX_WARM_UP_WINDOWS, "no steady state; bytes per window: " + warmUp);
                long bytes = allocatedWhile(threads, loopThread, sender);
                warmUp.add(bytes);
                quietInARow = bytes == 0 ? quietInARow + 1 : 0;
            }

            List<Long> measured = new ArrayList<>();
            long start = System.nanoTime();
            for (int w = 0; w < MEASURED_WINDOWS; w++)
                measured.add(allocatedWhile(threads, loopThread, sender));
            long nanos = System.nanoTime() - start;

            long total = measured.stream().mapToLong(Long::longValue).sum();
            long allocating = measured.stream().filter(b -> b > 0).count();
            int updates = MEASURED_WINDOWS * WINDOW;
            // Printed, not asserted: throughput depends on the machine and on who else is using it.
            LOG.info(String.format("top-of-book echo: %,d updates after %,d warm-up updates; loop thread allocated %,d"
                            + " bytes (%.4f bytes/update) in %d of %d windows of %,d %s; %,.0f updates/s written and echoed",
                    updates, warmUp.size() * WINDOW, total, (double) total / updates, allocating, MEASURED_WINDOWS,
                    WINDOW, measured, updates * 1e9 / nanos));
            assertTrue(allocating <= MAX_WINDOWS_THAT_ALLOCATE, "an allocation per message would show in every window: "
                    + measured + " (warm-up " + warmUp + ")");
            assertTrue(total <= MAX_BYTES, total + " bytes over " + updates + " updates: " + measured);
            assertEquals(0, host.stats("tob-echo").handlerErrors() + host.stats("tob-echo").badMessages());
        }
    }

    private static long allocatedWhile(com.sun.management.ThreadMXBean threads, long thread, Sender sender) {
        long before = threads.getThreadAllocatedBytes(thread);
        sender.sendAndAwait(WINDOW);
        return threads.getThreadAllocatedBytes(thread) - before;
    }

    /** Writes updates through one reused DTO, then waits until the echo has written them all out. */
    private static final class Sender {
        private final TopOfBookListener writer;
        private final ServiceStats echo;
        private final TopOfBook tob = new TopOfBook();
        private final long symbol = Base85LongConverter.INSTANCE.parse("EUR/USD");
        private final int ecn = (int) Base85LongConverter.INSTANCE.parse("EBS");
        private long sent;

        Sender(TopOfBookListener writer, ServiceStats echo) {
            this.writer = writer;
            this.echo = echo;
        }

        void sendAndAwait(int count) {
            long now = System.currentTimeMillis() * 1_000_000L;
            for (int i = 0; i < count; i++) {
                double bid = 1.0850 + (sent & 15) * 0.0001;
                writer.topOfBook(tob.set(now + sent, symbol, ecn, bid, bid + 0.0002, 1_000_000, 2_000_000));
                sent++;
            }
            long deadline = System.currentTimeMillis() + 60_000;
            // No allocation here either: garbage from this thread would bring GCs, which clear Chronicle's weakly held
            // per-thread index caches, which the loop thread then rebuilds (a few hundred bytes each time).
            while (echo.outputs() < sent) {
                if (System.currentTimeMillis() > deadline)
                    fail("echoed " + echo.outputs() + " of " + sent + " within 60 s");
                Thread.onSpinWait();
            }
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TopOfBookAllocationTest.class.getClassLoader().getResourceAsStream(name)) {
            assertTrue(in != null, "resource " + name + " not found");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
