package ${package};

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A limit order to check; self-describing: no marshalling code, fields written by name. */
public final class Order extends SelfDescribingMarshallable {
    public long orderId;
    @LongConversion(Base85.class)
    public long symbol;
    public Side side;
    public double price;
    public long quantity;

    public Order set(long orderId, long symbol, Side side, double price, long quantity) {
        this.orderId = orderId;
        this.symbol = symbol;
        this.side = side;
        this.price = price;
        this.quantity = quantity;
        return this;
    }
}
