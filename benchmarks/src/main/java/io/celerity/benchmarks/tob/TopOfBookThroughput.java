package io.celerity.benchmarks.tob;

import io.celerity.benchmarks.encryption.GeneratedKeys;
import io.celerity.internal.encryption.QueueEncryption;
import io.celerity.benchmarks.harness.Machine;
import io.celerity.benchmarks.hop.BenchmarkData;
import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.topofbook.TopOfBook;
import io.celerity.examples.topofbook.TopOfBookListener;
import io.celerity.host.ServiceHost;
import io.celerity.internal.chronicle.GeneratedCode;
import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.TailerDirection;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.concurrent.Callable;

/**
 * How many top-of-book updates per second the echo service republishes: the input queue is filled first, then the
 * service drains it flat out; the rate is taken from message history (first read to last write), so host start-up is
 * not counted.
 */
@Command(name = "tob", mixinStandardHelpOptions = true,
        description = "Measures the top-of-book echo's throughput on a backlog of updates.")
public final class TopOfBookThroughput implements Callable<Integer> {

    @Option(names = "--updates", description = "updates per run (default: ${DEFAULT-VALUE})")
    int updates = 2_000_000;

    @Option(names = "--runs", description = "runs, each on fresh queues (default: ${DEFAULT-VALUE})")
    int runs = 5;

    @Option(names = "--encrypted", description = "both queues encrypted at rest (AES-GCM, a 256-bit key)")
    boolean encrypted;

    @Override
    public Integer call() throws Exception {
        System.out.printf("top-of-book echo%s: %,d 44-byte updates per run, %d runs, the echo on one spinning loop%n  %s%n",
                encrypted ? ", queues encrypted" : "", updates, runs, Machine.describe());
        runOnce("warm-up"); // compiles the hot path; not counted
        double[] rates = new double[runs];
        for (int run = 0; run < runs; run++)
            rates[run] = runOnce("run " + (run + 1));
        Arrays.sort(rates);
        System.out.printf("median %,.0f updates/s, best %,.0f, worst %,.0f (spread %.1f%% of the median)%n",
                rates[runs / 2], rates[runs - 1], rates[0], 100 * (rates[runs - 1] - rates[0]) / rates[runs / 2]);
        return 0;
    }

    private double runOnce(String run) throws Exception {
        try (BenchmarkData data = new BenchmarkData("tob")) {
            CelerityConfig config = CelerityConfig.parse("topofbook/services.yaml",
                    yaml(DemoFiles.resource("topofbook/services.yaml")), data.dir());
            fill(config, updates);
            var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long allocated;
            try (ServiceHost host = ServiceHost.start(config)) {
                long tid = host.loopThread("echo").getId();
                long before = threads.getThreadAllocatedBytes(tid);
                while (host.stats("tob-echo").inputs() < updates)
                    Thread.sleep(1);
                allocated = threads.getThreadAllocatedBytes(tid) - before;
            }
            double seconds = drainSeconds(config);
            double rate = updates / seconds;
            System.out.printf("  %s: %,.0f updates/s (%.3f s), %.3f B/update allocated by the loop thread%n",
                    run, rate, seconds, (double) allocated / updates);
            return rate;
        }
    }

    // The example's deployment, its queues encrypted when asked.
    private String yaml(String example) {
        if (!encrypted)
            return example;
        return "keys: { provider: " + GeneratedKeys.class.getName() + " }\n" + example
                .replace("{ path: top-of-book }", "{ path: top-of-book, encryptionKey: tob }")
                .replace("{ path: top-of-book-echoed }", "{ path: top-of-book-echoed, encryptionKey: tob }");
    }

    private static ChronicleQueue open(CelerityConfig config, String queue) {
        return new QueueEncryption(config).open(config.queues().get(queue), false);
    }

    private static void fill(CelerityConfig config, int updates) {
        try (ChronicleQueue in = open(config, "top-of-book")) {
            TopOfBookListener writer = in.createAppender().methodWriter(TopOfBookListener.class);
            GeneratedCode.requireGeneratedWriter(writer, "benchmark feed");
            TopOfBook tob = new TopOfBook();
            for (int i = 0; i < updates; i++)
                writer.topOfBook(tob.set(i, 0x4555525553440000L, 0x45425300, 1.0850, 1.0852, 1_000_000, 2_000_000));
        }
    }

    /** First update read to last update written, from the echoed queue's message histories. */
    private static double drainSeconds(CelerityConfig config) {
        try (ChronicleQueue out = open(config, "top-of-book-echoed");
             ExcerptTailer tailer = out.createTailer()) {
            VanillaMessageHistory history = new VanillaMessageHistory();
            long firstRead = timing(tailer, history, 0);
            tailer.direction(TailerDirection.BACKWARD).toEnd();
            long lastWrite = timing(tailer, history, 1);
            return (lastWrite - firstRead) / 1e9;
        }
    }

    private static long timing(ExcerptTailer tailer, VanillaMessageHistory history, int which) {
        while (true) {
            try (DocumentContext dc = tailer.readingDocument()) {
                if (!dc.isPresent())
                    throw new IllegalStateException("no echoed update carries a message history");
                if (RecordedHistory.read(dc.wire(), history) && history.timings() >= 2)
                    return history.timing(which);
            }
        }
    }
}
