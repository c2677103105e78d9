package io.celerity.examples.oms.demo;

import io.celerity.config.CelerityConfig;
import io.celerity.examples.demo.DemoFiles;
import io.celerity.examples.demo.LoadOptions;
import io.celerity.host.ServiceHost;
import io.celerity.host.ServiceStats;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import org.agrona.collections.Long2LongHashMap;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * The main demo: the three-service order management system of {@code oms/services.yaml} over persisted queues,
 * fed by a client at a fixed rate; prints progress, then counts and latencies. A second run resumes the queues.
 */
@Command(name = "oms", mixinStandardHelpOptions = true,
        description = "Runs the order management system under load and reports its latency.")
public final class OmsDemo implements Callable<Integer> {

    private static final String[] SERVICES = {"order-gateway", "risk-check", "order-manager"};

    @Mixin
    LoadOptions load;

    public static void main(String[] args) {
        System.exit(new CommandLine(new OmsDemo()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        Path data = DemoFiles.dataDirectory(load.dir, load.clear);
        CelerityConfig config = CelerityConfig.parse("oms/services.yaml", DemoFiles.resource("oms/services.yaml"), data);
        long count = load.count();
        Long2LongHashMap dueByIndex = new Long2LongHashMap((int) Math.min(count, 1 << 26), 0.65f, -1);

        try (ChronicleQueue orders = SingleChronicleQueueBuilder.binary(data.resolve("orders")).build();
             ChronicleQueue reports = SingleChronicleQueueBuilder.binary(data.resolve("reports")).build();
             ExcerptTailer newReports = reports.createTailer().toEnd()) {
            long earlier = countDocuments(orders);
            if (earlier > 0)
                System.out.printf("resuming: the queues already hold %,d requests from earlier runs%n", earlier);

            long errors;
            try (ServiceHost host = ServiceHost.start(config)) {
                // Client order ids continue in whole blocks of ten after the earlier runs' ids.
                long firstSequence = (earlier + 9) / 10 * 10;
                OrderFlowGenerator client = new OrderFlowGenerator(orders, load.rate, firstSequence, count,
                        load.warmUpCount(), dueByIndex);
                Thread sender = new Thread(client, "order-flow");
                System.out.printf("sending %,d requests at %,d/s for %d s%n", count, load.rate, load.seconds);
                sender.start();
                while (sender.isAlive()) {
                    sender.join(1_000);
                    progress(client.sent(), host);
                }
                long deadline = System.currentTimeMillis() + 30_000;
                while (answered(host) < count && System.currentTimeMillis() < deadline)
                    Thread.sleep(10);
                progress(client.sent(), host);
                errors = errors(host);
            } // closed first: its closing lines come above the results, which end the build's output
            report(newReports, dueByIndex, count, errors);
        }
        return 0;
    }

    private static long answered(ServiceHost host) {
        return host.stats("order-manager").inputs();
    }

    private static long errors(ServiceHost host) {
        long errors = 0;
        for (String service : SERVICES) {
            ServiceStats stats = host.stats(service);
            errors += stats.handlerErrors() + stats.badMessages();
        }
        return errors;
    }

    private static void progress(long sent, ServiceHost host) {
        System.out.printf("  sent %,10d   gateway %,10d   risk %,10d   answered %,10d   errors %d%n", sent,
                host.stats("order-gateway").inputs(), host.stats("risk-check").inputs(), answered(host), errors(host));
    }

    private static void report(ExcerptTailer newReports, Long2LongHashMap dueByIndex, long requests, long errors) {
        ReportTally tally = new ReportTally(dueByIndex);
        MethodReader reader = newReports.methodReader(tally);
        while (reader.readOne()) {
            // every answer of this run goes through the tally
        }
        tally.printCounts(System.out, requests);
        if (errors > 0)
            System.out.printf("errors (handler errors + bad messages) %,d%n", errors);
        System.out.printf("latency of the %,d answers to requests sent after warm-up, from message history timings; "
                + "the three services share one spinning thread, the client spins on the other core%n", tally.timed());
        tally.printLatencies(System.out);
        System.out.println("(a second run resumes these queues; --clear starts afresh)");
    }

    private static long countDocuments(ChronicleQueue queue) {
        long n = 0;
        try (ExcerptTailer tailer = queue.createTailer()) {
            while (true) {
                try (var doc = tailer.readingDocument()) {
                    if (!doc.isPresent())
                        return n;
                    n++;
                }
            }
        }
    }
}
