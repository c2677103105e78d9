package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * One live order, copied out of the order manager's flat book ({@link LiveOrders}) for a report; also the state event
 * its snapshot writes for each live order (binary, 49 bytes). Its {@code clOrdID} is the one the order goes by now:
 * the new order's, or the last replace's.
 */
public final class LiveOrder extends OrderTerms {
    /** The OMS's id of the order (FIX 37). */
    public long orderID;

    LiveOrder set(long orderID, long clOrdID, long account, long symbol, Side side, double price, long orderQty) {
        this.orderID = orderID;
        terms(clOrdID, account, symbol, side, price, orderQty);
        return this;
    }

    // The order id comes first on the queue, as in snapshots written before the terms had a class of their own.
    @Override
    public void readMarshallable(BytesIn<?> in) {
        orderID = in.readLong();
        super.readMarshallable(in);
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(orderID);
        super.writeMarshallable(out);
    }
}
