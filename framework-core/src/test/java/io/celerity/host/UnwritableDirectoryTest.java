package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.AsRoot;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A queue directory that becomes unwritable while the host runs: the next cycle file cannot be created. The host
 * retries for {@code writeFailureTimeout}, then stops cleanly saying why, and a restart once the directory is
 * writable again processes every remaining input exactly once.
 */
class UnwritableDirectoryTest {

    private static final long DAY_NANOS = Duration.ofDays(1).toNanos();

    @TempDir
    Path dir;

    // The output rolls to a new cycle file when this clock says so.
    private final SetTimeProvider queueClock = new SetTimeProvider(1_767_225_600_000_000_000L);

    @Test
    void theHostStopsCleanlyAfterTheTimeoutAndResumesExactlyOnceWhenWritableAgain() throws Exception {
        Path out = dir.resolve("out");
        CelerityConfig config = CelerityConfig.builder()
                .writeFailureTimeout(Duration.ofMillis(500))
                .queue("in", dir.resolve("in"))
                .queue(new QueueConfig("out", out, "FAST_DAILY", QueueConfig.defaultSourceId("out"), 0))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out"))
                .build();
        HostOptions options = HostOptions.defaults().withQueueClock(queueClock);
        writeTicks(0, 3);
        try (ServiceHost host = ServiceHost.start(config, options)) {
            Queues.await("3 echoed", Duration.ofSeconds(20), () -> Queues.count(out) == 3);
            AsRoot.run("to make a directory immutable", "chattr", "+i", out.toString());
            try {
                queueClock.advanceNanos(DAY_NANOS); // the next output needs a new cycle file in 'out'
                writeTicks(3, 5);
                host.awaitClose();
                String reason = host.stopReason().orElseThrow();
                assertTrue(reason.contains("service 'echo' kept failing outside any message for 500 ms "
                        + "(writeFailureTimeout)"), reason);
            } finally {
                AsRoot.run("to make a directory immutable", "chattr", "-i", out.toString());
            }
            assertEquals(3, Queues.count(out), "nothing written while the directory was unwritable");
        }
        try (ServiceHost again = ServiceHost.start(config, options)) {
            Queues.await("5 echoed", Duration.ofSeconds(20), () -> Queues.count(out) == 5);
        }
        assertEquals(LongStream.range(0, 5).boxed().toList(), echoedSeqs(out), "each input echoed exactly once");
    }

    private void writeTicks(long from, long to) {
        try (ChronicleQueue q = Queues.open(dir.resolve("in"))) {
            TickIn w = q.methodWriter(TickIn.class);
            for (long i = from; i < to; i++)
                w.tick(new Tick().set(1, i, 0));
        }
    }

    private static List<Long> echoedSeqs(Path out) {
        List<Long> seqs = new ArrayList<>();
        Queues.readAll(out, (TickOut) t -> seqs.add(t.seq));
        return seqs;
    }
}
