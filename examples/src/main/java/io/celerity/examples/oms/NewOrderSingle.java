package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's new limit order (FIX 35=D): its terms and when it was sent; binary on the queue, 49 bytes. */
public final class NewOrderSingle extends OrderTerms {
    /** When the client sent it, nanoseconds since the epoch (FIX 60). */
    @NanoTime
    public long transactTime;

    public NewOrderSingle set(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                              long transactTime) {
        terms(clOrdID, account, symbol, side, price, orderQty);
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
