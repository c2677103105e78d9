package io.celerity.examples.oms.demo;

import io.celerity.examples.oms.NewOrderSingle;
import io.celerity.examples.oms.OrderCancelReplaceRequest;
import io.celerity.examples.oms.OrderCancelRequest;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.Side;
import net.openhft.chronicle.wire.Base85LongConverter;

/**
 * The demo client's requests, each a pure function of its number. In each block of ten: eight new orders, a replace
 * of the block's first order and a cancel of its second. One request in 100 names an unknown instrument (the gateway
 * rejects it) and one is too large for its account (the risk check rejects it).
 */
public final class OrderFlow {

    private static final long[] SYMBOLS = base85("VOD.L", "BARC.L", "HSBA.L", "LLOY.L", "BP.L", "SHEL.L", "AZN.L",
            "GSK.L");
    private static final long[] ACCOUNTS = base85("FUND1", "FUND2", "HEDGE1");
    private static final long UNKNOWN_SYMBOL = Base85LongConverter.INSTANCE.parse("XXX.L");
    private static final long NEW = Base85LongConverter.INSTANCE.parse("N");
    private static final long REPLACE = Base85LongConverter.INSTANCE.parse("R");
    private static final long CANCEL = Base85LongConverter.INSTANCE.parse("C");

    private final OrderEntry client;
    private final NewOrderSingle order = new NewOrderSingle();
    private final OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest();
    private final OrderCancelRequest cancel = new OrderCancelRequest();

    /** Sends through {@code client}, typically a method writer on the orders queue; reuses its messages. */
    public OrderFlow(OrderEntry client) {
        this.client = client;
    }

    /** Sends request number {@code n}, stamped with {@code transactTime} (epoch nanoseconds). */
    public void send(long n, long transactTime) {
        switch ((int) (n % 10)) {
            case 8 -> client.orderCancelReplaceRequest(replace.set(clOrdID(REPLACE, n), clOrdID(NEW, n - 8),
                    account(n - 8), symbol(n - 8), side(n - 8), price(n - 8) + 0.01, quantity(n - 8), transactTime));
            case 9 -> client.orderCancelRequest(cancel.set(clOrdID(CANCEL, n), clOrdID(NEW, n - 8),
                    account(n - 8), symbol(n - 8), side(n - 8), transactTime));
            default -> client.newOrderSingle(order.set(clOrdID(NEW, n), account(n),
                    n % 100 == 42 ? UNKNOWN_SYMBOL : symbol(n), side(n), price(n),
                    n % 100 == 73 ? 1_000_000 : quantity(n), transactTime));
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
