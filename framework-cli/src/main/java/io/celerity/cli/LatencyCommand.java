package io.celerity.cli;

import io.celerity.internal.history.RecordedHistory;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder;
import net.openhft.chronicle.wire.DocumentContext;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code celerity latency QUEUE}: per-hop latency percentiles from the message history of a queue's messages.
 * Each service adds two timings (read, write), so timings 2k -> 2k+1 are service k at work and 2k+1 -> 2k+2 the
 * queue between service k and k+1.
 */
@Command(name = "latency", description = "Prints per-hop latency percentiles computed from the message history "
        + "timings of a queue's messages.")
final class LatencyCommand implements Callable<Integer> {

    @Mixin
    QueueLocator locator;

    @Option(names = "--from", paramLabel = "INDEX", description = "the first index to include (hex with 0x, or decimal)")
    String from;

    @Override
    public Integer call() {
        Map<Integer, String> queues = locator.queuesBySourceId();
        HopHistograms hops = new HopHistograms();
        VanillaMessageHistory history = new VanillaMessageHistory();
        history.addSourceDetails(false);
        long messages = 0;
        try (ChronicleQueue queue = locator.asServicesSeeIt(
                SingleChronicleQueueBuilder.binary(locator.path()).readOnly(true).build(), List.of());
             ExcerptTailer tailer = queue.createTailer()) {
            if (from != null && !tailer.moveToIndex(Indexes.parse(from)))
                throw new IllegalArgumentException("the queue has no index " + from);
            while (true) {
                try (DocumentContext dc = tailer.readingDocument()) {
                    if (!dc.isPresent())
                        break;
                    if (RecordedHistory.read(dc.wire(), history) && history.timings() >= 2) {
                        messages++;
                        record(history, queues, hops);
                    }
                }
            }
        }
        if (hops.isEmpty()) {
            System.out.println("no messages with message history timings in " + locator.path());
            return 0;
        }
        System.out.printf("%,d messages with history in %s%n", messages, locator.path());
        hops.print(System.out);
        return 0;
    }

    private static void record(VanillaMessageHistory h, Map<Integer, String> queues, HopHistograms hops) {
        // A producer that records history (as celerity send does) leaves one timing more: its write, first.
        int p = h.timings() - 2 * h.sources() == 1 ? 1 : 0;
        int last = h.timings() - 1;
        hops.record("first read -> last write (" + ((h.timings() - p) / 2) + " services)", h.timing(last) - h.timing(p));
        if (p == 1)
            hops.record("queue " + queueName(h, 0, queues) + " (producer write -> read)", h.timing(1) - h.timing(0));
        for (int t = p; t < last; t++) {
            int service = (t - p) / 2;
            String hop = (t - p) % 2 == 0
                    ? "service " + (service + 1) + " reading " + queueName(h, service, queues) + " (read -> write)"
                    : "queue " + queueName(h, service + 1, queues) + " (write -> read)";
            hops.record(hop, h.timing(t + 1) - h.timing(t));
        }
    }

    /** The queue service {@code n} read, by name when the deployment names it. */
    private static String queueName(VanillaMessageHistory h, int n, Map<Integer, String> queues) {
        if (n >= h.sources())
            return "?";
        return queues.getOrDefault(h.sourceId(n), "source " + h.sourceId(n));
    }
}
