package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;

/**
 * The order manager's record of one live order, pooled and reused once the order is cancelled; also the state event
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

    /** Whether a cancel or replace describes this order (FIX requires the same account, symbol and side). */
    boolean matches(long account, long symbol, Side side) {
        return this.account == account && this.symbol == symbol && this.side == side;
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
