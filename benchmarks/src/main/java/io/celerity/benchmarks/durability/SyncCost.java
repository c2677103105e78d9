package io.celerity.benchmarks.durability;

import io.celerity.config.Affinity;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.SyncPolicy;
import io.celerity.host.ServiceHost;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.io.IOTools;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.HdrHistogram.Histogram;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What syncing outputs to disk costs: a trade booker behind a real host, fed at a fixed rate, with no sync, with ten
 * synced trades a second ({@code ServiceContext.syncOutputs()}), and with every output synced ({@code sync: SYNC}) or
 * msync'd asynchronously ({@code sync: ASYNC}). Latency is from the time each trade was due to be sent (so a stall
 * counts for every trade queued behind it) until the booked trade is read from the output queue.
 */
@Command(name = "sync-cost", mixinStandardHelpOptions = true,
        description = "Latency of a service with and without syncing its outputs to disk.")
public final class SyncCost implements Callable<Integer> {

    /** How a run syncs. */
    enum Scenario {
        NO_SYNC(SyncPolicy.NONE, false),
        TEN_SYNCED_PER_SECOND(SyncPolicy.NONE, true),
        EVERY_OUTPUT_ASYNC(SyncPolicy.ASYNC, false),
        EVERY_OUTPUT_SYNCED(SyncPolicy.SYNC, false);

        final SyncPolicy queuePolicy;
        final boolean tenPerSecond;

        Scenario(SyncPolicy queuePolicy, boolean tenPerSecond) {
            this.queuePolicy = queuePolicy;
            this.tenPerSecond = tenPerSecond;
        }
    }

    @Option(names = "--dir", defaultValue = "/tmp/celerity-sync-cost", description = "queue directory, on the file system to measure (default ${DEFAULT-VALUE})")
    Path dir;

    @Option(names = "--rate", defaultValue = "10000", description = "trades per second (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--every-synced-rate", defaultValue = "1000",
            description = "trades per second when every output is synced, which 10,000/s would saturate (default ${DEFAULT-VALUE})")
    int everySyncedRate;

    @Option(names = "--warm-up", defaultValue = "5", description = "seconds not measured (default ${DEFAULT-VALUE})")
    int warmUpSeconds;

    @Option(names = "--seconds", defaultValue = "20", description = "seconds measured (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--scenarios", split = ",", defaultValue = "NO_SYNC,TEN_SYNCED_PER_SECOND,EVERY_OUTPUT_ASYNC,EVERY_OUTPUT_SYNCED",
            description = "which runs (default ${DEFAULT-VALUE})")
    List<Scenario> scenarios;

    public static void main(String[] args) {
        System.exit(new CommandLine(new SyncCost()).setCaseInsensitiveEnumValuesAllowed(true).execute(args));
    }

    @Override
    public Integer call() throws IOException {
        Files.createDirectories(dir);
        FileStore store = Files.getFileStore(dir);
        System.out.printf("sync cost: %d s warm-up, %d s measured; queues in %s (%s, %s); %d CPUs; Java %s; load average %s%n",
                warmUpSeconds, seconds, dir, store.type(), store.name(), Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"), RunnableThreads.loadAverage());
        System.out.println("booker on a BUSY loop (one core); producer and reader spin on the main thread (the other)");
        System.out.println("runnable: the machine's runnable threads while measuring, on average (2 are ours)");
        System.out.println("booked/s: trades booked per second from the first due until the last booked");
        System.out.printf("%-22s %7s %8s %9s %-12s %9s %9s %9s %9s %9s %9s %9s%n", "scenario", "rate/s", "runnable",
                "booked/s", "trades", "count", "p50 us", "p90 us", "p99 us", "p99.9 us", "p99.99 us", "max us");
        try (RunnableThreads runnable = new RunnableThreads()) {
            for (Scenario s : scenarios)
                report(s, run(s, s == Scenario.EVERY_OUTPUT_SYNCED ? everySyncedRate : rate, runnable));
        }
        System.out.printf("load average after: %s%n", RunnableThreads.loadAverage());
        return 0;
    }

    private static void report(Scenario s, Result r) {
        if (r.booked < r.sent) {
            System.out.printf("%-22s %7d %8.1f saturated: %,d of %,d booked in time, %,.0f trades/s at most%n", s,
                    r.rate, r.runnable, r.booked, r.sent, r.bookedPerSecond);
            return;
        }
        print(s, r, "all", r.all);
        long synced = r.synced.getTotalCount();
        if (synced > 0 && synced < r.all.getTotalCount()) {
            print(s, r, "synced only", r.synced);
            print(s, r, "not synced", r.unsynced);
        }
    }

    private record Result(int rate, double runnable, long sent, long booked, double bookedPerSecond, Histogram all,
                          Histogram synced, Histogram unsynced) {
    }

    private Result run(Scenario scenario, int rate, RunnableThreads runnable) {
        Path runDir = dir.resolve(scenario.name().toLowerCase(Locale.ROOT));
        IOTools.deleteDirWithFiles(runDir.toFile());
        long syncEvery = scenario.tenPerSecond ? Math.max(1, rate / 10) : 0;
        CelerityConfig config = CelerityConfig.builder()
                .queue("trades", runDir.resolve("trades"))
                .queue(QueueConfig.of("booked", runDir.resolve("booked")).withSync(scenario.queuePolicy))
                .eventLoop(new EventLoopConfig("booker", PauserType.BUSY, Affinity.NONE))
                .service(ServiceConfig.of("booker", TradeBooker.class, List.of("trades"), "booked")
                        .withEventLoop("booker").withSettings(Map.of("syncEvery", syncEvery)))
                .build();
        Histogram all = new Histogram(3_600_000_000_000L, 3);
        Histogram synced = new Histogram(3_600_000_000_000L, 3);
        Histogram unsynced = new Histogram(3_600_000_000_000L, 3);
        long warmUp = (long) rate * warmUpSeconds;
        long total = warmUp + (long) rate * seconds;
        long[] received = {0, 0}; // count, System.nanoTime() of the last
        Result result;
        try (ServiceHost host = ServiceHost.start(config);
             ChronicleQueue in = SingleChronicleQueueBuilder.binary(runDir.resolve("trades")).build();
             ChronicleQueue out = SingleChronicleQueueBuilder.binary(runDir.resolve("booked")).build();
             ExcerptTailer tailer = out.createTailer()) {
            TradeIn producer = in.methodWriter(TradeIn.class);
            MethodReader reader = tailer.methodReader((TradeOut) t -> {
                long now = System.nanoTime();
                long latency = now - t.sentNanos;
                received[0]++;
                received[1] = now;
                if (t.seq < warmUp)
                    return;
                if (t.seq == warmUp)
                    runnable.reset();
                all.recordValue(latency);
                boolean wasSynced = scenario.queuePolicy == SyncPolicy.SYNC || (syncEvery > 0 && t.seq % syncEvery == 0);
                (wasSynced ? synced : unsynced).recordValue(latency);
            });
            Trade trade = new Trade();
            long interval = 1_000_000_000L / rate;
            long start = System.nanoTime() + 1_000_000;
            for (long seq = 0; seq < total; seq++) {
                long due = start + seq * interval;
                while (System.nanoTime() < due)
                    reader.readOne();
                producer.trade(trade.set(seq, due, 100));
            }
            long deadline = System.nanoTime() + 10_000_000_000L; // more behind than that: saturated
            while (received[0] < total && System.nanoTime() < deadline)
                reader.readOne();
            double perSecond = received[0] * 1e9 / (received[1] - start);
            if (host.stats("booker").badMessages() + host.stats("booker").handlerErrors() > 0)
                throw new IllegalStateException(scenario + ": " + host.stats("booker"));
            result = new Result(rate, runnable.average(), total, received[0], perSecond, all, synced, unsynced);
        }
        IOTools.deleteDirWithFiles(runDir.toFile());
        return result;
    }

    private static void print(Scenario s, Result r, String which, Histogram h) {
        System.out.printf("%-22s %7d %8.1f %9.0f %-12s %9d %9.1f %9.1f %9.1f %9.1f %9.1f %9.1f%n", s, r.rate,
                r.runnable, r.bookedPerSecond, which, h.getTotalCount(),
                us(h.getValueAtPercentile(50)), us(h.getValueAtPercentile(90)), us(h.getValueAtPercentile(99)),
                us(h.getValueAtPercentile(99.9)), us(h.getValueAtPercentile(99.99)), us(h.getMaxValue()));
    }

    private static double us(long nanos) {
        return nanos / 1_000.0;
    }
}
