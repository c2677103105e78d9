package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.GatedTickRelay;
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
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * keepCycles never deletes what a restart needs (the newest record of every input of the service writing the queue),
 * nor a cycle a reader in this process has still to read.
 */
class RetentionTest {

    private static final int KEEP = 2;
    private static final long FIVE_MINUTES_NANOS = TimeUnit.MINUTES.toNanos(5);
    // Liveness: trims wait on Chronicle's releaser and the retention thread, which a loaded machine can starve a while.
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    private final SetTimeProvider queueClock = new SetTimeProvider(1_767_225_600_000_000_000L);
    private long echoed;

    @Test
    void theLastRecordOfAQuietInputIsKeptSoARestartDoesNotReplayIt() throws Exception {
        CelerityConfig config = CelerityConfig.builder()
                .queue("busy", dir.resolve("busy"))
                .queue("quiet", dir.resolve("quiet"))
                .queue(new QueueConfig("out", dir.resolve("out"), "FIVE_MINUTELY", QueueConfig.defaultSourceId("out"),
                        KEEP))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("busy", "quiet"), "out"))
                .build();
        try (ChronicleQueue busy = Queues.open(dir.resolve("busy"));
             ChronicleQueue quiet = Queues.open(dir.resolve("quiet"))) {
            try (ServiceHost host = ServiceHost.start(config, options())) {
                send(host, quiet, 1);
                long trims = 0;
                for (int c = 0; c < 10; c++) {
                    trims = host.trimPasses("out"); // before the roll: at least one trim pass ends after it
                    queueClock.advanceNanos(FIVE_MINUTES_NANOS);
                    send(host, busy, 0);
                }
                awaitTrimPassAfter(host, trims);
                assertEquals(11, cycleFiles(), "the quiet input's record, in the first cycle, holds back every trim");
            }
            try (ServiceHost restarted = ServiceHost.start(config, options())) {
                queueClock.advanceNanos(FIVE_MINUTES_NANOS);
                send(restarted, quiet, 1); // the quiet input's record moves to the newest cycle...
                queueClock.advanceNanos(FIVE_MINUTES_NANOS);
                send(restarted, busy, 0); // ...and the next roll trims to keepCycles
                // both answered: an old input replayed would have been read before the new one on its queue
                awaitEchoed(echoed - 2, echoed - 1);
                assertEquals(2, restarted.stats("echo").inputs(), "nothing replayed: both inputs' records were kept");
                Queues.await(KEEP + " cycle files", WAIT, () -> cycleFiles() == KEEP);
            }
            try (ServiceHost again = ServiceHost.start(config, options())) {
                send(again, quiet, 1); // sentinels, in the newest cycle: no roll, no trim
                send(again, busy, 0);
                awaitEchoed(echoed - 2, echoed - 1);
                assertEquals(2, again.stats("echo").inputs(), "still nothing replayed after the trim");
            }
        }
    }

    @Test
    void aReaderInThisProcessThatFallsBehindLosesNoCycle() throws Exception {
        GatedTickRelay.gate = new CountDownLatch(1);
        CelerityConfig config = CelerityConfig.builder()
                .queue("busy", dir.resolve("busy"))
                .queue(new QueueConfig("out", dir.resolve("out"), "FIVE_MINUTELY", QueueConfig.defaultSourceId("out"),
                        KEEP))
                .queue("sink", dir.resolve("sink"))
                .eventLoop(EventLoopConfig.of("slow"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("busy"), "out"))
                .service(new ServiceConfig("relay", GatedTickRelay.class.getName(), List.of("out"), "sink",
                        StartFrom.LAST_WRITTEN, StateRebuild.NONE, "slow", null, null, null, Map.of(), null, null))
                .build();
        try (ChronicleQueue busy = Queues.open(dir.resolve("busy"));
             ServiceHost host = ServiceHost.start(config, options());
             AutoCloseable openGateAtLast = GatedTickRelay.gate::countDown) { // else closing waits on the relay
            long trims = 0;
            for (int c = 0; c < 10; c++) {
                send(host, busy, 0);
                trims = host.trimPasses("out"); // before the roll: at least one trim pass ends after it
                queueClock.advanceNanos(FIVE_MINUTES_NANOS);
            }
            send(host, busy, 0);
            awaitTrimPassAfter(host, trims);
            assertEquals(11, cycleFiles(), "the relay, stuck in the first cycle, holds back every trim");
            GatedTickRelay.gate.countDown();
            Queues.await("the relay to catch up", WAIT, () -> host.stats("relay").inputs() == 11);
            queueClock.advanceNanos(FIVE_MINUTES_NANOS);
            send(host, busy, 0);
            Queues.await(KEEP + " cycle files", WAIT, () -> cycleFiles() == KEEP);
        }
        List<Long> relayed = new ArrayList<>();
        Queues.readAll(dir.resolve("sink"), (TickIn) t -> relayed.add(t.seq));
        assertEquals(LongStream.range(0, 12).boxed().toList(), relayed, "every echo relayed, none lost to a trim");
    }

    private HostOptions options() {
        return HostOptions.defaults().withQueueClock(queueClock);
    }

    private void send(ServiceHost host, ChronicleQueue queue, long stream) {
        long before = host.stats("echo").inputs();
        queue.methodWriter(TickIn.class).tick(new Tick().set(stream, echoed++, 0));
        Queues.await("the echo", WAIT, () -> host.stats("echo").inputs() == before + 1);
    }

    /**
     * Waits for a trim pass of out to end after {@code passes} had: the roll that followed requested one, and any pass
     * then sees more than KEEP cycles, so what it keeps is what retention held back.
     */
    private static void awaitTrimPassAfter(ServiceHost host, long passes) {
        Queues.await("a trim pass after the roll", WAIT, () -> host.trimPasses("out") > passes);
    }

    /** Waits for the echoes of ticks {@code seqs} in out. */
    private void awaitEchoed(long... seqs) {
        Queues.await("the echoes of " + Arrays.toString(seqs), WAIT, () -> {
            List<Long> out = new ArrayList<>();
            Queues.readAll(dir.resolve("out"), (TickOut) t -> out.add(t.seq));
            return LongStream.of(seqs).allMatch(out::contains);
        });
    }

    private long cycleFiles() {
        return Queues.cycleFiles(dir.resolve("out"));
    }
}
