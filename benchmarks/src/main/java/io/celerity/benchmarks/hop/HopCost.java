package io.celerity.benchmarks.hop;

import io.celerity.benchmarks.harness.Machine;
import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.dispatch.HandlerErrors;
import io.celerity.internal.dispatch.ServicePlan;
import io.celerity.internal.dispatch.ServiceRunner;
import io.celerity.internal.history.InputHistory;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.io.Closeable;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.MessageHistory;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * What one hop costs the thread that does it, without the scheduler's noise: one thread writes a ping, passes it
 * through the echo and reads it in the receiver, for each contender in turn, in short alternating blocks. A block's
 * time divided by the baseline's block next to it is a ratio that a machine's slow minutes leave alone, as they slow
 * both; the median of those ratios is the figure.
 */
@Command(name = "hop-cost", mixinStandardHelpOptions = true,
        description = "Times what one hop costs its thread: raw Chronicle Queue, the same with Chronicle's message "
                + "history, and a Celerity service, in alternating blocks on one thread.")
public final class HopCost implements Callable<Integer> {

    @Option(names = "--block", description = "pings per block (default: ${DEFAULT-VALUE})")
    int block = 2_000;

    @Option(names = "--blocks", description = "measured blocks of each contender (default: ${DEFAULT-VALUE})")
    int blocks = 400;

    @Option(names = "--warm-up-blocks", description = "blocks of each before measuring (default: ${DEFAULT-VALUE})")
    int warmUpBlocks = 100;

    /** One ping written, passed on and received, on the calling thread. */
    private interface OneHop extends AutoCloseable {
        void pass(long sequence);

        @Override
        void close();
    }

    @Override
    public Integer call() throws Exception {
        System.out.printf("hop cost: %d blocks of %,d pings each, after %d, contenders alternating on one thread%n  %s%n",
                blocks, block, warmUpBlocks, Machine.describe());
        String[] names = {"chronicle-queue", "chronicle-queue-history", "celerity"};
        try (BenchmarkData data = new BenchmarkData("hop-cost")) {
            List<OneHop> hops = new ArrayList<>();
            try {
                hops.add(raw(data.dir().resolve(names[0]), false));
                hops.add(raw(data.dir().resolve(names[1]), true));
                hops.add(celerity(data.dir().resolve(names[2])));
                double[][] nanosPerPing = measure(hops);
                report(names, nanosPerPing);
            } finally {
                hops.forEach(OneHop::close);
            }
        }
        return 0;
    }

    private double[][] measure(List<OneHop> hops) {
        double[][] nanos = new double[hops.size()][blocks];
        long sequence = 0;
        for (int b = -warmUpBlocks; b < blocks; b++) {
            for (int h = 0; h < hops.size(); h++) {
                OneHop hop = hops.get(h);
                long start = System.nanoTime();
                for (int i = 0; i < block; i++)
                    hop.pass(sequence++);
                if (b >= 0)
                    nanos[h][b] = (System.nanoTime() - start) / (double) block;
            }
        }
        return nanos;
    }

    private void report(String[] names, double[][] nanos) {
        System.out.printf("%-26s %14s %22s%n", "ns per ping", "median (p10)", "/ " + names[0] + " (p25-p75)");
        for (int h = 0; h < names.length; h++) {
            double[] ratios = new double[blocks];
            for (int b = 0; b < blocks; b++)
                ratios[b] = nanos[h][b] / nanos[0][b];
            double[] own = nanos[h].clone();
            Arrays.sort(own);
            Arrays.sort(ratios);
            System.out.printf("%-26s %7.0f (%5.0f) %11.3fx (%.3f-%.3f)%n", names[h], own[blocks / 2], own[blocks / 10],
                    ratios[blocks / 2], ratios[blocks / 4], ratios[3 * blocks / 4]);
        }
    }

    // As RawChronicleHop, on the calling thread; with history, the echo's queue records it and the reader adds its hop.
    private static OneHop raw(Path dir, boolean history) {
        VanillaMessageHistory threadHistory = new VanillaMessageHistory();
        threadHistory.addSourceDetails(history);
        ChronicleQueue pings = SingleChronicleQueueBuilder.binary(dir.resolve("pings")).build();
        ChronicleQueue echoes = SingleChronicleQueueBuilder.binary(dir.resolve("echoes")).sourceId(history ? 2 : 0)
                .build();
        PingsOut sender = new PingsOut(pings, "benchmark sender");
        PingsOut echo = new PingsOut(echoes, "raw echo");
        MethodReader echoReader = pings.createTailer().methodReader(echo.writer());
        MethodReader sinkReader = echoes.createTailer().methodReader(new PingTotal());
        GeneratedCode.requireGeneratedReader(echoReader, "raw echo");
        GeneratedCode.requireGeneratedReader(sinkReader, "raw sink");
        Ping ping = new Ping();
        return new OneHop() {
            @Override
            public void pass(long sequence) {
                MessageHistory.set(threadHistory); // the contenders share the thread
                sender.writer().ping(ping.next(System.nanoTime(), sequence));
                if (!echoReader.readOne() | !sinkReader.readOne())
                    throw new IllegalStateException("a ping was not passed on");
            }

            @Override
            public void close() {
                Closeable.closeQuietly(echoReader, sinkReader, sender, echo, pings, echoes);
            }
        };
    }

    // The echo and a receiver as services, their runners driven on the calling thread as their event loop would.
    private static OneHop celerity(Path dir) {
        CelerityConfig config = CelerityConfig.builder()
                .queue(QueueConfig.of("pings", dir.resolve("pings")))
                .queue(QueueConfig.of("echoes", dir.resolve("echoes")))
                .queue(QueueConfig.of("sunk", dir.resolve("sunk")))
                .service(ServiceConfig.of("echo", PingEcho.class, List.of("pings"), "echoes"))
                .service(ServiceConfig.of("sink", PingTotal.class, List.of("echoes"), "sunk"))
                .build();
        Map<String, ChronicleQueue> queues = Map.of(
                "pings", SingleChronicleQueueBuilder.binary(dir.resolve("pings")).build(),
                "echoes", SingleChronicleQueueBuilder.binary(dir.resolve("echoes")).build(),
                "sunk", SingleChronicleQueueBuilder.binary(dir.resolve("sunk")).build());
        UniqueTimestamps timestamps = UniqueTimestamps.inMemory(1, SystemTimeProvider.CLOCK);
        ServiceRunner[] runners = new ServiceRunner[2];
        String[] services = {"echo", "sink"};
        for (int i = 0; i < runners.length; i++)
            runners[i] = new ServiceRunner(ServicePlan.of(config, config.services().get(services[i]), queues::get,
                    SystemTimeProvider.CLOCK, timestamps, HandlerErrors.NONE, queue -> null), false);
        InputHistory threadHistory = new InputHistory();
        MessageHistory.set(threadHistory);
        for (ServiceRunner runner : runners)
            runner.open(threadHistory);
        PingsOut sender = new PingsOut(queues.get("pings"), "benchmark sender");
        Ping ping = new Ping();
        return new OneHop() {
            @Override
            public void pass(long sequence) {
                MessageHistory.set(threadHistory);
                sender.writer().ping(ping.next(System.nanoTime(), sequence));
                if (runners[0].doWork() != 1 | runners[1].doWork() != 1)
                    throw new IllegalStateException("a ping was not passed on");
            }

            @Override
            public void close() {
                for (ServiceRunner runner : runners)
                    runner.close();
                sender.close();
                queues.values().forEach(ChronicleQueue::close);
            }
        };
    }
}
