package io.celerity.internal.operations;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StartFrom;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickSource;
import net.openhft.chronicle.core.io.BackgroundResourceReleaser;
import net.openhft.chronicle.core.time.SetTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.RollCycles;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * How {@link CycleRetention} counts the holders of a cycle from what Chronicle reports. Chronicle reports each acquire
 * and release through its {@link BackgroundResourceReleaser}: queued for that one thread, but run on the caller's
 * thread when the 128 places of its queue are taken, as when the releaser lags on a loaded machine. A release can
 * then be reported before the acquire it ends.
 */
class CycleRetentionTest {

    private static final int KEEP = 2;
    private static final long FIVE_MINUTES_NANOS = TimeUnit.MINUTES.toNanos(5);

    @TempDir
    Path dir;

    private final SetTimeProvider queueClock = new SetTimeProvider(1_767_225_600_000_000_000L);
    private final ExecutorService trims = Executors.newSingleThreadExecutor();

    @AfterEach
    void stopTrims() {
        trims.shutdownNow();
    }

    @Test
    void aReleaseReportedBeforeItsAcquireDoesNotHoldItsCycleForever() throws Exception {
        CycleRetention retention = retentionOfOut();
        try (ChronicleQueue out = openOut(retention);
             ExcerptAppender appender = out.createAppender()) {
            retention.start(out, trims);
            append(appender);
            CountDownLatch resume = stallTheReleaser();
            try {
                roll(appender); // the appender's acquire of this cycle is queued behind the stall...
                fillTheReleasersQueue();
                roll(appender); // ...its release runs now, on this thread, before that acquire
            } finally {
                resume.countDown();
            }
            for (int c = 0; c < 10; c++)
                roll(appender);
            Queues.await(KEEP + " cycle files", Duration.ofSeconds(30), () -> cycleFiles() == KEEP);
        }
    }

    @Test
    void aReaderThatHeldOldCyclesLetsThemGoWithoutWaitingForTheNextRoll() throws Exception {
        CycleRetention retention = retentionOfOut();
        try (ChronicleQueue out = openOut(retention);
             ExcerptAppender appender = out.createAppender();
             ExcerptTailer reader = out.createTailer()) {
            retention.start(out, trims);
            append(appender);
            assertTrue(read(reader), "the reader holds the first cycle");
            for (int c = 0; c < 5; c++)
                roll(appender);
            BackgroundResourceReleaser.releasePendingResources(); // every roll reported, each trim stopped short
            assertEquals(6, cycleFiles(), "the reader, in the first cycle, holds back every trim");
            while (read(reader))
                ; // to the newest cycle, letting go of each older one
            Queues.await(KEEP + " cycle files", Duration.ofSeconds(30), () -> cycleFiles() == KEEP);
        }
    }

    private static boolean read(ExcerptTailer reader) {
        try (DocumentContext dc = reader.readingDocument()) {
            return dc.isPresent();
        }
    }

    // The queue "out" keeping KEEP cycles, written by a service (so retention applies) that needs no restart records.
    @Test
    void queuesWrittenByAnAgentOrCopiedHereAreTrimmedAndOnesFedFromOutsideAreNot() throws Exception {
        Path yaml = dir.resolve("services.yaml");
        Files.writeString(yaml, "hosts:\n  a: { address: 192.0.2.1, port: 40100 }\n"
                + "  b: { address: 192.0.2.2, port: 40100 }\n"
                + "queues:\n  ticks: { path: ticks, host: a, replicas: [ b ], keepCycles: 2 }\n"
                + "  fed: { path: fed, host: b, keepCycles: 2 }\n"
                + "  out: { path: out, host: b, keepCycles: 2 }\n"
                + "services:\n  echo: { implClass: " + TickEcho.class.getName() + ", inputs: [ ticks, fed ], output: out }\n"
                + "agents:\n  source: { implClass: " + TickSource.class.getName() + ", output: ticks }\n");
        CelerityConfig onA = CelerityConfig.load(yaml).onHost("a");
        CelerityConfig onB = CelerityConfig.load(yaml).onHost("b");
        assertNotNull(CycleRetention.of(onA.queues().get("ticks"), onA), "written by an agent of host a");
        assertNotNull(CycleRetention.of(onB.queues().get("ticks"), onB), "copied to host b by its replicator");
        assertNotNull(CycleRetention.of(onB.queues().get("out"), onB), "written by a service of host b");
        assertNull(CycleRetention.of(onB.queues().get("fed"), onB), "fed from outside: its producer's to trim");
        CelerityConfig whole = CelerityConfig.load(yaml); // the whole deployment in one process: no host of its own
        assertNotNull(CycleRetention.of(whole.queues().get("ticks"), whole), "written by the agent");
        assertNull(CycleRetention.of(whole.queues().get("fed"), whole));
    }

    private CycleRetention retentionOfOut() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("in", dir.resolve("in"))
                .queue(new QueueConfig("out", dir.resolve("out"), "FIVE_MINUTELY", QueueConfig.defaultSourceId("out"),
                        KEEP))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withStartFrom(StartFrom.END))
                .build();
        return CycleRetention.of(config.queues().get("out"), config);
    }

    private ChronicleQueue openOut(CycleRetention retention) {
        return SingleChronicleQueueBuilder.binary(dir.resolve("out")).rollCycle(RollCycles.FIVE_MINUTELY)
                .timeProvider(queueClock).storeFileListener(retention).build();
    }

    private void roll(ExcerptAppender appender) {
        queueClock.advanceNanos(FIVE_MINUTES_NANOS);
        append(appender);
    }

    private static void append(ExcerptAppender appender) {
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().write("n").int64(1);
        }
    }

    // Blocks the releaser's thread in a task of ours, with its queue empty behind it; returns what resumes it.
    private static CountDownLatch stallTheReleaser() throws InterruptedException {
        BackgroundResourceReleaser.releasePendingResources();
        CountDownLatch stalled = new CountDownLatch(1);
        CountDownLatch resume = new CountDownLatch(1);
        BackgroundResourceReleaser.run(() -> {
            stalled.countDown();
            try {
                resume.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        if (!stalled.await(30, TimeUnit.SECONDS)) // liveness only: the releaser takes it as soon as it runs
            throw new AssertionError("the background releaser never took the stalling task");
        return resume;
    }

    // Queues no-ops until one runs on this thread: the releaser's queue is then full.
    private static void fillTheReleasersQueue() {
        Thread self = Thread.currentThread();
        AtomicBoolean inline = new AtomicBoolean();
        for (int i = 0; i < 1_000 && !inline.get(); i++)
            BackgroundResourceReleaser.run(() -> {
                if (Thread.currentThread() == self)
                    inline.set(true);
            });
        assertTrue(inline.get(), "the releaser's queue filled up");
    }

    private long cycleFiles() {
        return Queues.cycleFiles(dir.resolve("out"));
    }
}
