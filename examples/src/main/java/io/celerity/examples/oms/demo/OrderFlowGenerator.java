package io.celerity.examples.oms.demo;

import io.celerity.examples.demo.FixedRate;
import io.celerity.examples.oms.NewOrderSingle;
import io.celerity.examples.oms.OrderCancelReplaceRequest;
import io.celerity.examples.oms.OrderCancelRequest;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.Side;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.Base85LongConverter;
import org.agrona.collections.Long2LongHashMap;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Plays a client at a fixed rate. In each block of ten requests: eight new orders, a replace of the block's first
 * order and a cancel of its second. One request in 100 names an unknown instrument (the gateway rejects it) and one
 * is too large for its account (the risk check rejects it).
 */
final class OrderFlowGenerator implements Runnable {

    private static final long[] SYMBOLS = base85("VOD.L", "BARC.L", "HSBA.L", "LLOY.L", "BP.L", "SHEL.L", "AZN.L",
            "GSK.L");
    private static final long[] ACCOUNTS = base85("FUND1", "FUND2", "HEDGE1");
    private static final long UNKNOWN_SYMBOL = Base85LongConverter.INSTANCE.parse("XXX.L");
    private static final long NEW = Base85LongConverter.INSTANCE.parse("N");
    private static final long REPLACE = Base85LongConverter.INSTANCE.parse("R");
    private static final long CANCEL = Base85LongConverter.INSTANCE.parse("C");

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
        NewOrderSingle order = new NewOrderSingle();
        OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest();
        OrderCancelRequest cancel = new OrderCancelRequest();
        // The client's clock: wall-clock nanoseconds derived from nanoTime, so it costs no allocation per request.
        long epochNanosAtStart = System.currentTimeMillis() * 1_000_000L;
        long nanoTimeAtStart = System.nanoTime();
        try (ExcerptAppender appender = queue.createAppender()) {
            // Bound to this appender (appender.methodWriter would use the queue's thread-local one) for its last index.
            OrderEntry client = queue.methodWriterBuilder(OrderEntry.class).marshallableOutSupplier(() -> appender).build();
            FixedRate rate = new FixedRate(ratePerSecond);
            for (long i = 0; i < count; i++) {
                long due = rate.awaitNext();
                long n = firstSequence + i;
                long now = epochNanosAtStart + (System.nanoTime() - nanoTimeAtStart);
                switch ((int) (n % 10)) {
                    case 8 -> client.orderCancelReplaceRequest(replace.set(clOrdID(REPLACE, n), clOrdID(NEW, n - 8),
                            account(n - 8), symbol(n - 8), side(n - 8), price(n - 8) + 0.01, quantity(n - 8), now));
                    case 9 -> client.orderCancelRequest(cancel.set(clOrdID(CANCEL, n), clOrdID(NEW, n - 8),
                            account(n - 8), symbol(n - 8), side(n - 8), now));
                    default -> client.newOrderSingle(order.set(clOrdID(NEW, n), account(n),
                            n % 100 == 42 ? UNKNOWN_SYMBOL : symbol(n), side(n), price(n),
                            n % 100 == 73 ? 1_000_000 : quantity(n), now));
                }
                if (i >= warmUpCount)
                    dueByIndex.put(appender.lastIndexAppended(), due);
                sent.lazySet(i + 1);
            }
        }
    }

    private static long account(long n) {
        return ACCOUNTS[(int) (n % ACCOUNTS.length)];
    }

    private static long symbol(long n) {
        return SYMBOLS[(int) (n % SYMBOLS.length)];
    }

    private static Side side(long n) {
        return n % 2 == 0 ? Side.BUY : Side.SELL;
    }

    private static double price(long n) {
        return 100.0 + (n % 50) * 0.01;
    }

    private static long quantity(long n) {
        return 100 * (1 + n % 10);
    }

    /** A readable id such as N1234, packed without building a String: '0'-'9' are Base85 digits 0-9. */
    static long clOrdID(long prefix, long n) {
        long id = prefix;
        long scale = 1;
        while (scale <= n / 10)
            scale *= 10;
        for (; scale > 0; scale /= 10)
            id = id * 85 + (n / scale) % 10;
        return id;
    }

    private static long[] base85(String... texts) {
        long[] codes = new long[texts.length];
        for (int i = 0; i < texts.length; i++)
            codes[i] = Base85LongConverter.INSTANCE.parse(texts[i]);
        return codes;
    }
}
