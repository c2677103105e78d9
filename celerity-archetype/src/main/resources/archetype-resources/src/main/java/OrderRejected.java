package ${package};

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** Why an order was refused. */
public final class OrderRejected extends SelfDescribingMarshallable {
    public long orderId;
    @LongConversion(Base85.class)
    public long symbol;
    public String reason;

    public OrderRejected set(long orderId, long symbol, String reason) {
        this.orderId = orderId;
        this.symbol = symbol;
        this.reason = reason;
        return this;
    }
}
