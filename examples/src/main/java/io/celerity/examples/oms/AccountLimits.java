package io.celerity.examples.oms;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** One account's risk limits, from the risk check's settings. */
public final class AccountLimits extends SelfDescribingMarshallable {
    /** The largest quantity of one order (fat-finger check). */
    public long maxOrderQty;
    /** The largest price x quantity of one order. */
    public double maxOrderNotional;
    /** The most notional the account may submit in new orders and replacements over the life of the queues. */
    public double maxGrossNotional;
}
