package io.celerity.host;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.AsRoot;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A service failing outside any message (its output directory became unwritable) is backed off on its own: a healthy
 * service on the same loop keeps processing at full speed meanwhile.
 */
class FailingServiceIsolationTest {

    private static final Duration WAIT = Duration.ofSeconds(60); // liveness under load, not speed

    @TempDir
    Path dir;

    // Both outputs roll to a new cycle file when this clock says so; only the broken one's directory refuses it.
    private final SetTimeProvider queueClock = new SetTimeProvider(1_767_225_600_000_000_000L);

    @Test
    void aHealthyServiceKeepsRunningBesideOneThatKeepsFailing() throws Exception {
        Path brokenOut = dir.resolve("broken-out");
        CelerityConfig config = CelerityConfig.builder()
                .writeFailureTimeout(Duration.ofMinutes(10)) // longer than the test: the host must not stop
                .queue("in", dir.resolve("in"))
                .queue(new QueueConfig("broken-out", brokenOut, "FAST_DAILY", QueueConfig.defaultSourceId("broken-out"), 0))
                .queue("healthy-in", dir.resolve("healthy-in"))
                .queue(new QueueConfig("healthy-out", dir.resolve("healthy-out"), "FAST_DAILY",
                        QueueConfig.defaultSourceId("healthy-out"), 0))
                .eventLoop(new EventLoopConfig("shared", PauserType.YIELDING, Affinity.NONE))
                .service(ServiceConfig.of("broken", TickEcho.class, List.of("in"), "broken-out").withEventLoop("shared"))
                .service(ServiceConfig.of("healthy", TickEcho.class, List.of("healthy-in"), "healthy-out")
                        .withEventLoop("shared"))
                .build();
        writeTicks(dir.resolve("in"), 0, 1);
        int n = 2_000;
        try (ServiceHost host = ServiceHost.start(config, HostOptions.defaults().withQueueClock(queueClock))) {
            Queues.await("the broken one's first echo", WAIT, () -> host.stats("broken").outputs() == 1);
            AsRoot.run("to make a directory immutable", "chattr", "+i", brokenOut.toString());
            try {
                queueClock.advanceNanos(Duration.ofDays(1).toNanos()); // its next output needs a new cycle file
                writeTicks(dir.resolve("in"), 1, 3);
                writeTicks(dir.resolve("healthy-in"), 0, n);
                // One input a pass: had each failure parked the whole loop (up to 250 ms), this would take minutes.
                Queues.await(n + " healthy echoes", WAIT, () -> host.stats("healthy").outputs() == n);
                assertEquals(1, host.stats("broken").outputs(), "the broken one wrote nothing more");
                assertTrue(host.stopReason().isEmpty(), "still running: " + host.stopReason());
            } finally {
                AsRoot.run("to make a directory writable again", "chattr", "-i", brokenOut.toString());
            }
            // Writable again: its back-off (at most 250 ms) ends and it catches up.
            Queues.await("the broken one recovered", WAIT, () -> host.stats("broken").outputs() == 3);
        }
    }

    private static void writeTicks(Path queue, long from, long to) {
        try (ChronicleQueue q = Queues.open(queue)) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (long i = from; i < to; i++)
                w.tick(t.set(1, i, 0));
        }
    }
}
