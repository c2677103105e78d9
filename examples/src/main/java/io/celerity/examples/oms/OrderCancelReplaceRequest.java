package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's request to change the price or quantity of a live order (FIX 35=G); binary, 57 bytes. */
public final class OrderCancelReplaceRequest extends LiveOrderRequest {
    public double price;
    public long orderQty;
    @NanoTime
    public long transactTime;

    public OrderCancelReplaceRequest set(long clOrdID, long origClOrdID, long account, long symbol, Side side,
                                         double price, long orderQty, long transactTime) {
        request(clOrdID, origClOrdID, account, symbol, side);
        this.price = price;
        this.orderQty = orderQty;
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        super.readMarshallable(in);
        price = in.readDouble();
        orderQty = in.readLong();
        transactTime = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        super.writeMarshallable(out);
        out.writeDouble(price);
        out.writeLong(orderQty);
        out.writeLong(transactTime);
    }
}
