package io.celerity.examples.oms.demo;

import io.celerity.examples.demo.FixedRate;
import io.celerity.examples.oms.OrderEntry;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import org.agrona.collections.Long2LongHashMap;

import java.util.concurrent.atomic.AtomicLong;

/** Plays a client at a fixed rate, sending the requests of {@link OrderFlow}. */
final class OrderFlowGenerator implements Runnable {

    private final ChronicleQueue queue;
    private final int ratePerSecond;
    private final long firstSequence;
    private final long count;
    private final long warmUpCount;
    private final Long2LongHashMap dueByIndex;
    private final AtomicLong sent = new AtomicLong();

    /**
     * @param firstSequence continues the client order ids of earlier runs, so a resumed OMS sees no duplicates
     * @param dueByIndex    filled with the due time of each request sent after warm-up, by its index in the queue
     */
    OrderFlowGenerator(ChronicleQueue queue, int ratePerSecond, long firstSequence, long count, long warmUpCount,
                       Long2LongHashMap dueByIndex) {
        this.queue = queue;
        this.ratePerSecond = ratePerSecond;
        this.firstSequence = firstSequence;
        this.count = count;
        this.warmUpCount = warmUpCount;
        this.dueByIndex = dueByIndex;
    }

    long sent() {
        return sent.get();
    }

    @Override
    public void run() {
        // The client's clock: wall-clock nanoseconds derived from nanoTime, so it costs no allocation per request.
        long epochNanosAtStart = System.currentTimeMillis() * 1_000_000L;
        long nanoTimeAtStart = System.nanoTime();
        try (ExcerptAppender appender = queue.createAppender()) {
            // Bound to this appender (appender.methodWriter would use the queue's thread-local one) for its last index.
            OrderEntry client = queue.methodWriterBuilder(OrderEntry.class).marshallableOutSupplier(() -> appender).build();
            OrderFlow flow = new OrderFlow(client);
            FixedRate rate = new FixedRate(ratePerSecond);
            for (long i = 0; i < count; i++) {
                long due = rate.awaitNext();
                flow.send(firstSequence + i, epochNanosAtStart + (System.nanoTime() - nanoTimeAtStart));
                if (i >= warmUpCount)
                    dueByIndex.put(appender.lastIndexAppended(), due);
                sent.lazySet(i + 1);
            }
        }
    }
}
