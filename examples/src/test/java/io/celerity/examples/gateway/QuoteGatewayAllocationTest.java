package io.celerity.examples.gateway;

import io.celerity.config.CelerityConfig;
import io.celerity.host.ServiceHost;
import io.celerity.host.ServiceStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Once a client is connected, the gateway's loop thread (gateway reading the socket and writing quotes, checker
 * beside it) allocates nothing per line: almost every window of 10,000 lines allocates exactly 0 bytes, which an
 * allocation per line, or per thousand lines, could not do. Same method as the top-of-book allocation test.
 */
class QuoteGatewayAllocationTest {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(QuoteGatewayAllocationTest.class);
    private static final int WINDOW = 10_000;
    private static final int MAX_WARM_UP_WINDOWS = 60;
    private static final int MEASURED_WINDOWS = 40;
    /**
     * Windows allowed to allocate a little (a new queue chunk, a GC, a deoptimisation; 8 of 40 seen, 56-1,848 bytes):
     * one allocation per line would put 160 KB or more in every window, one per thousand lines 160 bytes in every one.
     */
    private static final int MAX_WINDOWS_THAT_ALLOCATE = 20;
    private static final long MAX_BYTES = 32 * 1024;
    private static final long WAIT_NANOS = 60_000_000_000L; // liveness under load, not speed

    @TempDir
    Path dir;

    @Test
    void readsLinesAndWritesQuotesAllocatingNothingPerLine() throws IOException, InterruptedException {
        CelerityConfig config;
        try (InputStream in = getClass().getResourceAsStream("/gateway/services.yaml")) {
            config = CelerityConfig.parse("gateway/services.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    dir);
        }
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        ByteBuffer lines = ByteBuffer.wrap("EURUSD 1.0841 1.0843 1000000\n".repeat(WINDOW)
                .getBytes(StandardCharsets.US_ASCII));
        try (ServiceHost host = ServiceHost.start(config);
             SocketChannel client = SocketChannel.open(new InetSocketAddress("127.0.0.1",
                     ((QuoteGateway) host.agent("quote-gateway")).port()))) {
            long loopThread = host.loopThread("io").getId();
            ServiceStats checker = host.stats("quote-checker");
            long[] sent = {0};
            List<Long> warmUp = new ArrayList<>();
            int quietInARow = 0;
            while (quietInARow < 3) {
                assertTrue(warmUp.size() < MAX_WARM_UP_WINDOWS, "no steady state; bytes per window: " + warmUp);
                long bytes = allocatedWhile(threads, loopThread, client, lines, checker, sent);
                warmUp.add(bytes);
                quietInARow = bytes == 0 ? quietInARow + 1 : 0;
            }
            List<Long> measured = new ArrayList<>();
            long start = System.nanoTime();
            for (int w = 0; w < MEASURED_WINDOWS; w++)
                measured.add(allocatedWhile(threads, loopThread, client, lines, checker, sent));
            long nanos = System.nanoTime() - start;
            long total = measured.stream().mapToLong(Long::longValue).sum();
            long allocating = measured.stream().filter(b -> b > 0).count();
            // Printed, not asserted: throughput depends on the machine and on who else is using it.
            LOG.info(String.format("quote gateway: %,d lines after %,d warm-up lines; loop thread allocated %,d bytes in"
                    + " %d of %d windows %s; %,.0f lines/s read, written and checked", MEASURED_WINDOWS * WINDOW,
                    warmUp.size() * WINDOW, total, allocating, MEASURED_WINDOWS, measured,
                    MEASURED_WINDOWS * WINDOW * 1e9 / nanos));
            assertTrue(allocating <= MAX_WINDOWS_THAT_ALLOCATE, "an allocation per line would show in every window: "
                    + measured + " (warm-up " + warmUp + ")");
            assertTrue(total <= MAX_BYTES, total + " bytes: " + measured);
            assertEquals(0, host.stats("quote-gateway").handlerErrors());
        }
    }

    private static long allocatedWhile(com.sun.management.ThreadMXBean threads, long thread, SocketChannel client,
                                       ByteBuffer lines, ServiceStats checker, long[] sent)
            throws IOException, InterruptedException {
        long before = threads.getThreadAllocatedBytes(thread);
        lines.clear();
        while (lines.hasRemaining())
            client.write(lines);
        sent[0] += WINDOW;
        long deadline = System.nanoTime() + WAIT_NANOS;
        while (checker.inputs() < sent[0]) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("only " + checker.inputs() + " of " + sent[0] + " lines checked");
            Thread.sleep(1);
        }
        return threads.getThreadAllocatedBytes(thread) - before;
    }
}
