package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickRelay;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * keepCycles over hundreds of roll cycles, driven by a settable queue clock: the trimmed queue's file count stays
 * bounded, the process's open file descriptors stay flat, and the reader downstream misses nothing.
 */
class RetentionSoakTest {
    private static final Logger LOG = LoggerFactory.getLogger(RetentionSoakTest.class);

    private static final int KEEP = 3;
    private static final int WARM_UP = 50;
    private static final long FIVE_MINUTES_NANOS = TimeUnit.MINUTES.toNanos(5);

    @TempDir
    Path dir;

    @Test
    void aTrimmedQueueStaysBoundedOverManyCyclesWhileItsReaderKeepsUp() throws Exception {
        int cycles = 400;
        int perCycle = 20;
        SetTimeProvider queueClock = new SetTimeProvider(1_767_225_600_000_000_000L); // 2026-01-01T00:00Z
        // echo: in -> out (FIVE_MINUTELY, trimmed); relay: out -> sink, a reader of the trimmed queue keeping up.
        CelerityConfig config = CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .queue(new QueueConfig("out", dir.resolve("out"), "FIVE_MINUTELY", QueueConfig.defaultSourceId("out"),
                        KEEP))
                .queue("sink", dir.resolve("sink"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out"))
                .service(ServiceConfig.of("relay", TickRelay.class, List.of("out"), "sink"))
                .build();
        List<Long> fileCounts = new ArrayList<>();
        long fdsAfterWarmUp = 0;
        long fdsAtEnd;
        try (ServiceHost host = ServiceHost.start(config, HostOptions.defaults().withQueueClock(queueClock));
             ChronicleQueue in = Queues.open(dir.resolve("in"))) {
            TickIn producer = in.methodWriter(TickIn.class);
            Tick tick = new Tick();
            for (int c = 0; c < cycles; c++) {
                for (int i = 0; i < perCycle; i++)
                    producer.tick(tick.set(0, (long) c * perCycle + i, 0));
                long expected = (long) (c + 1) * perCycle;
                Queues.await("relay to read " + expected, Duration.ofSeconds(30),
                        () -> host.stats("relay").inputs() == expected);
                queueClock.advanceNanos(FIVE_MINUTES_NANOS);
                fileCounts.add(Queues.cycleFiles(dir.resolve("out")));
                if (c == WARM_UP)
                    fdsAfterWarmUp = openFileDescriptors();
            }
            // liveness: the last roll's trims, and those that releases still owed to it bring, leave KEEP files
            Queues.await(KEEP + " cycle files left (counts after each cycle: " + fileCounts + ")", Duration.ofSeconds(60),
                    () -> Queues.cycleFiles(dir.resolve("out")) == KEEP);
            fdsAtEnd = openFileDescriptors();
            assertTrue(fdsAtEnd <= fdsAfterWarmUp + 4, "open file descriptors stay flat: " + fdsAfterWarmUp
                    + " after " + WARM_UP + " cycles, " + fdsAtEnd + " after " + cycles);
        }
        // Chronicle reports a released file from its background releaser thread, which lags on a loaded machine (a
        // burst of 11 unreleased files was seen once with two other builds running): bounded, not per cycle.
        long most = fileCounts.subList(WARM_UP, cycles).stream().mapToLong(Long::longValue).max().orElseThrow();
        assertTrue(most <= KEEP + cycles / 10, "bounded after warm-up, not one file per cycle; counts " + fileCounts);
        LOG.info("retention soak: {} cycles, files after each: max {} after cycle {}, {} at the end; open file "
                + "descriptors {} after cycle {}, {} at the end", cycles, most, WARM_UP, KEEP, fdsAfterWarmUp,
                WARM_UP, fdsAtEnd);
        List<Long> relayed = new ArrayList<>();
        Queues.readAll(dir.resolve("sink"), (TickIn) t -> relayed.add(t.seq));
        assertEquals(LongStream.range(0, (long) cycles * perCycle).boxed().toList(), relayed,
                "the reader of the trimmed queue saw every message once, in order");
    }

    private static long openFileDescriptors() throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.count();
        }
    }
}
