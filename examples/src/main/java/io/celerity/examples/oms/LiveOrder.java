package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * The order manager's record of one live order, pooled and reused once the order is cancelled; also the state event
 * its snapshot writes for each live order (binary, 49 bytes).
 */
public final class LiveOrder extends BytesInBinaryMarshallable {
    /** The OMS's id of the order (FIX 37). */
    public long orderID;
    /** The id the order goes by now: the new order's, or the last replace's. */
    @Base85
    public long clOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;
    public double price;
    public long orderQty;

    LiveOrder set(long orderID, long clOrdID, long account, long symbol, Side side, double price, long orderQty) {
        this.orderID = orderID;
        this.clOrdID = clOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.price = price;
        this.orderQty = orderQty;
        return this;
    }

    /** Whether a cancel or replace describes this order (FIX requires the same account, symbol and side). */
    boolean matches(long account, long symbol, Side side) {
        return this.account == account && this.symbol == symbol && this.side == side;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        orderID = in.readLong();
        clOrdID = in.readLong();
        account = in.readLong();
        symbol = in.readLong();
        side = Codes.read(in, Side.VALUES);
        price = in.readDouble();
        orderQty = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(orderID);
        out.writeLong(clOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        out.writeDouble(price);
        out.writeLong(orderQty);
    }
}
