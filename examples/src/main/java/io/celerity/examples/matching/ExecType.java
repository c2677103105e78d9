package io.celerity.examples.matching;

import net.openhft.chronicle.wire.Base85LongConverter;

/** What an execution report says happened to an order (FIX ExecType, as packed words like {@link Side}). */
public final class ExecType {
    /** Accepted: the order has an order id and is working. */
    public static final long NEW = Base85LongConverter.INSTANCE.parse("NEW");
    /** Part of the order traded; the rest is still working. */
    public static final long PARTIAL = Base85LongConverter.INSTANCE.parse("PARTIAL");
    /** The order traded in full. */
    public static final long FILLED = Base85LongConverter.INSTANCE.parse("FILLED");
    /** The order's unfilled rest was cancelled, on request or because a market order ran out of liquidity. */
    public static final long CANCELED = Base85LongConverter.INSTANCE.parse("CANCELED");
    /** The order was refused; it never got an order id. */
    public static final long REJECTED = Base85LongConverter.INSTANCE.parse("REJECTED");

    private ExecType() {
    }
}
