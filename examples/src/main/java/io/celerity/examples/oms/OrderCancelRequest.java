package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's request to cancel a live order (FIX 35=F); binary on the queue, 41 bytes. */
public final class OrderCancelRequest extends LiveOrderRequest {
    @NanoTime
    public long transactTime;

    public OrderCancelRequest set(long clOrdID, long origClOrdID, long account, long symbol, Side side,
                                  long transactTime) {
        request(clOrdID, origClOrdID, account, symbol, side);
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        super.readMarshallable(in);
        transactTime = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        super.writeMarshallable(out);
        out.writeLong(transactTime);
    }
}
