package io.celerity.examples.quickstart;

import io.celerity.examples.demo.FixedRate;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.Base85LongConverter;

import java.util.concurrent.atomic.AtomicLong;

/** Writes quotes (symbols packed as the DTOs' {@code Base85} fields) to the input queue at a fixed rate, spinning between sends; one in 100 is crossed. */
final class LoadGenerator implements Runnable {

    private static final String[] SYMBOLS = {"EURUSD", "GBPUSD", "USDJPY", "AUDUSD", "USDCHF", "EURGBP", "EURJPY",
            "NZDUSD"};

    private final ChronicleQueue queue;
    private final int ratePerSecond;
    private final long count;
    private final long warmUpCount;
    private final AtomicLong sent = new AtomicLong();
    private volatile long measuredFromNanos = Long.MAX_VALUE;

    LoadGenerator(ChronicleQueue queue, int ratePerSecond, long count, long warmUpCount) {
        this.queue = queue;
        this.ratePerSecond = ratePerSecond;
        this.count = count;
        this.warmUpCount = warmUpCount;
    }

    /** The send time of the first quote after warm-up; quotes sent earlier are left out of the latency report. */
    long measuredFromNanos() {
        return measuredFromNanos;
    }

    long sent() {
        return sent.get();
    }

    @Override
    public void run() {
        long[] symbols = new long[SYMBOLS.length];
        for (int i = 0; i < symbols.length; i++)
            symbols[i] = Base85LongConverter.INSTANCE.parse(SYMBOLS[i]);
        QuoteListener writer = queue.methodWriter(QuoteListener.class);
        Quote quote = new Quote();
        FixedRate rate = new FixedRate(ratePerSecond);
        for (long i = 0; i < count; i++) {
            long due = rate.awaitNext();
            if (i == warmUpCount)
                measuredFromNanos = due;
            double bid = 1.0 + (i % 50) * 0.001;
            double ask = i % 100 == 99 ? bid - 0.0001 : bid + 0.0002;
            // Stamped with when it was due, not when it went: a stalled sender cannot hide its own delay.
            writer.quote(quote.set(symbols[(int) (i % symbols.length)], bid, ask, 1_000_000, due));
            sent.lazySet(i + 1);
        }
    }
}
