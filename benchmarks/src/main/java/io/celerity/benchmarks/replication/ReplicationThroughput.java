package io.celerity.benchmarks.replication;

import io.celerity.benchmarks.harness.Machine;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.internal.replication.AckPolicy;
import io.celerity.internal.replication.QueueSource;
import io.celerity.internal.replication.SinkEndpoint;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import org.agrona.concurrent.IdleStrategy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * How fast a queue replicates: a backlog written before the link is up, streamed to an empty replica (documents and
 * MB per second until the last is acknowledged), then writes at fixed rates with the link up, to see which rates the
 * replica keeps up with (how far the acknowledgements lag behind the writer).
 */
@Command(name = "replication-throughput", mixinStandardHelpOptions = true,
        description = "Streams a backlog to an empty replica, then writes at fixed rates while replicating.")
public final class ReplicationThroughput implements Callable<Integer> {

    private static final long DRAIN_LIMIT_NANOS = TimeUnit.MINUTES.toNanos(10);

    @Option(names = "--documents", description = "documents in the backlog (default: ${DEFAULT-VALUE})")
    int documents = 1_000_000;

    @Option(names = "--size", description = "bytes per document (default: ${DEFAULT-VALUE})")
    int size = 128;

    @Option(names = "--rates", split = ",", description = "sustained write rates to try, documents/s "
            + "(default: ${DEFAULT-VALUE})")
    List<Integer> rates = List.of(100_000, 250_000, 500_000);

    @Option(names = "--seconds", description = "how long to write at each rate (default: ${DEFAULT-VALUE})")
    int seconds = 5;

    @Mixin
    LinkOptions sides;

    @Spec
    CommandSpec spec;

    private final PrintStream out = System.out;
    private volatile boolean running = true;
    private volatile Throwable failure;

    @Override
    public Integer call() throws Exception {
        if (sides.hosts)
            return sides.runOnHosts(spec, System.out);
        if (documents <= 0 || size <= 0 || seconds <= 0 || rates.stream().anyMatch(r -> r <= 0))
            throw new IllegalArgumentException("--documents, --size, --seconds and --rates must be positive");
        LinkAddresses remote = sides.remote();
        LinkAddresses link = remote == null ? LinkAddresses.loopback() : remote;
        String placement = sides.placement();
        out.printf("replication throughput: %,d-byte documents; %s; drivers: %s; one thread runs A's side%s, idling by "
                        + "%s; acks every 64 documents or 20 us%n  %s%n", size, placement, sides.driverMode.describe(),
                remote == null ? " and B's" : "", sides.loopIdle, Machine.describe());
        try (BenchmarkData data = new BenchmarkData("replication-throughput");
             AeronSide a = AeronSide.launch("a", sides.driverMode);
             SingleChronicleQueue queue = SingleChronicleQueueBuilder.binary(data.dir().resolve("source")).build();
             ExcerptAppender appender = queue.createAppender()) {
            ReplicaSide b = remote == null
                    ? new ReplicaSide(data.dir().resolve("replica"), sides.driverMode, link, AckPolicy.DEFAULT) : null;
            QueueSource source = new QueueSource("bench", queue, a.aeron(), link.onA(LinkAddresses.CONTROL_STREAM),
                    List.of(new SinkEndpoint(LinkAddresses.SINK_ID, link.onB(LinkAddresses.DATA_STREAM))));
            Bytes<?> payload = payload();

            long start = System.nanoTime();
            for (int i = 0; i < documents; i++)
                write(appender, payload);
            double writeSeconds = (System.nanoTime() - start) / 1e9;
            out.printf("  backlog: %,d documents written in %.2f s (%,.0f docs/s) before the link is up%n", documents,
                    writeSeconds, documents / writeSeconds);

            Thread thread = new Thread(() -> loop(a, source, b, sides.loopIdle.strategy()), "replication");
            start = System.nanoTime();
            thread.start();
            awaitAcked(source, appender.lastIndexAppended());
            double streamSeconds = (System.nanoTime() - start) / 1e9;
            out.printf("  backlog to an empty replica: %,d documents acknowledged in %.2f s: %,.0f docs/s, "
                            + "%.1f MB/s of documents (from the source starting, connection included)%n", documents,
                    streamSeconds, documents / streamSeconds, documents * (double) size / 1e6 / streamSeconds);

            for (int rate : rates)
                sustain(rate, appender, payload, source, queue);
            running = false;
            thread.join();
            if (failure != null)
                throw new IllegalStateException("replication thread failed", failure);
        }
        return 0;
    }

    private Bytes<?> payload() {
        byte[] bytes = new byte[size];
        new Random(42).nextBytes(bytes); // incompressible, not that anything compresses here
        Bytes<?> payload = Bytes.allocateElasticDirect(size);
        payload.write(bytes);
        return payload;
    }

    private static void write(ExcerptAppender appender, Bytes<?> payload) {
        try (DocumentContext dc = appender.writingDocument()) {
            dc.wire().bytes().write(payload, 0, payload.readLimit());
        }
    }

    private void loop(AeronSide a, QueueSource source, ReplicaSide b, IdleStrategy idle) {
        try {
            source.onStart();
            if (b != null)
                b.onStart();
            while (running)
                idle.idle(a.invoke() + source.doWork() + (b == null ? 0 : b.doWork()));
        } catch (Throwable t) {
            failure = t;
        } finally {
            source.onClose();
            if (b != null)
                b.onClose();
        }
    }

    private void awaitAcked(QueueSource source, long index) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_LIMIT_NANOS;
        while (source.ackedIndex(LinkAddresses.SINK_ID) < index) {
            if (failure != null)
                throw new IllegalStateException("replication thread failed", failure);
            if (System.nanoTime() > deadline)
                throw new IllegalStateException("index " + Long.toHexString(index) + " not acknowledged in 10 minutes"
                        + "; acknowledged " + Long.toHexString(source.ackedIndex(LinkAddresses.SINK_ID)));
            Thread.sleep(0, 100_000);
        }
    }

    /** Writes at {@code rate} for the set seconds with the link up; reports how far the acknowledgements lagged. */
    private void sustain(int rate, ExcerptAppender appender, Bytes<?> payload, QueueSource source,
                         SingleChronicleQueue queue) throws InterruptedException {
        long count = (long) rate * seconds;
        long maxLag = 0;
        long start = System.nanoTime();
        for (long i = 0; i < count; i++) {
            long due = start + i * 1_000_000_000L / rate;
            while (System.nanoTime() < due)
                Thread.onSpinWait();
            write(appender, payload);
            if ((i & 1023) == 0)
                maxLag = Math.max(maxLag, lag(queue, source, appender.lastIndexAppended()));
        }
        long end = System.nanoTime();
        long last = appender.lastIndexAppended();
        long lagAtEnd = lag(queue, source, last);
        awaitAcked(source, last);
        long drained = System.nanoTime();
        double writing = (end - start) / 1e9;
        out.printf("  sustained %,d docs/s for %d s: written at %,.0f docs/s (%.1f MB/s); acknowledgements lagged at "
                        + "most %,d documents (%.1f ms of writing), %,d at the end, all acknowledged %.1f ms after the "
                        + "last write%n", rate, seconds, count / writing, count * (double) size / 1e6 / writing, maxLag,
                maxLag * 1e3 / rate, lagAtEnd, (drained - end) / 1e6);
    }

    // Sampled now and then while writing: counting spans cycles, so not per document.
    private static long lag(SingleChronicleQueue queue, QueueSource source, long written) {
        long acked = source.ackedIndex(LinkAddresses.SINK_ID);
        return acked < 0 ? -1 : acked >= written ? 0 : queue.countExcerpts(acked, written) - 1;
    }
}
