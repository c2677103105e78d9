package io.celerity.examples.quickstart;

import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.demo.LoadOptions;
import io.celerity.host.ServiceHost;
import io.celerity.host.ServiceStats;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The quickstart demo: runs the quote pipeline of {@code quickstart/services.yaml} over persisted queues, feeds it at a
 * fixed rate, and reports counts and latencies. Run it again and it resumes where the last run stopped.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true,
        description = "Runs the quickstart pipeline under load and reports its latency.")
public final class QuickstartDemo implements Callable<Integer> {

    @Mixin
    LoadOptions load;

    public static void main(String[] args) {
        System.exit(new CommandLine(new QuickstartDemo()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path data = DemoFiles.dataDirectory(load.dir, load.clear);
        CelerityConfig config = CelerityConfig.parse("quickstart/services.yaml",
                DemoFiles.resource("quickstart/services.yaml"), data);

        try (ChronicleQueue quotes = SingleChronicleQueueBuilder.binary(data.resolve("quotes")).build();
             ChronicleQueue mids = SingleChronicleQueueBuilder.binary(data.resolve("mids")).build();
             ExcerptTailer newMids = mids.createTailer().toEnd()) {
            long earlierMids = countMidPrices(mids);
            if (earlierMids > 0)
                System.out.printf("resuming: the queues already hold %,d mid prices from earlier runs%n", earlierMids);

            try (ServiceHost host = ServiceHost.start(config)) {
                LoadGenerator generator = new LoadGenerator(quotes, load.rate, load.count(), load.warmUpCount());
                Thread sender = new Thread(generator, "load-generator");
                System.out.printf("sending %,d quotes at %,d/s for %d s%n", load.count(), load.rate, load.seconds);
                sender.start();
                while (sender.isAlive()) {
                    sender.join(1_000);
                    progress(generator, host);
                }
                long expected = generator.sent();
                long deadline = System.currentTimeMillis() + 30_000;
                while (processed(host) < expected && System.currentTimeMillis() < deadline)
                    Thread.sleep(10);
                progress(generator, host);
                report(host, newMids, expected, generator.measuredFromNanos());
            }
        }
        return 0;
    }

    private static long processed(ServiceHost host) {
        return host.stats("mid-pricer").inputs();
    }

    private static void progress(LoadGenerator generator, ServiceHost host) {
        ServiceStats checker = host.stats("quote-checker");
        System.out.printf("  sent %,10d   checked %,10d   priced %,10d   errors %d%n", generator.sent(),
                checker.inputs(), processed(host), checker.handlerErrors() + checker.badMessages()
                        + host.stats("mid-pricer").handlerErrors() + host.stats("mid-pricer").badMessages());
    }

    private static void report(ServiceHost host, ExcerptTailer newMids, long sent, long measuredFromNanos) {
        LatencyReport latency = new LatencyReport(measuredFromNanos);
        var reader = newMids.methodReader(latency);
        while (reader.readOne()) {
            // every mid price of this run goes through the report
        }
        long rejects = host.stats("quote-checker").inputs() - latency.mids();
        System.out.printf("%nquotes in %,d   mid prices out %,d   rejected %,d%n", sent, latency.mids(), rejects);
        System.out.printf("latency of the %,d mid prices sent after warm-up, from message history timings; "
                + "load generator and pipeline loop each spin on their own core%n", latency.timed());
        latency.print(System.out);
        System.out.println("(a second run resumes these queues; --clear starts afresh)");
    }

    private static long countMidPrices(ChronicleQueue queue) {
        long[] n = {0};
        try (ExcerptTailer tailer = queue.createTailer()) {
            var reader = tailer.methodReader((MidPriceListener) m -> n[0]++);
            while (reader.readOne()) {
                // acknowledgements (history only) are read but not counted
            }
        }
        return n[0];
    }
}
