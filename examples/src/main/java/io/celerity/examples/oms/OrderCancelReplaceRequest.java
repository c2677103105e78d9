package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's request to change the price or quantity of a live order (FIX 35=G); binary, 57 bytes. */
public final class OrderCancelReplaceRequest extends BytesInBinaryMarshallable {
    /** The id the order goes by once replaced. */
    @Base85
    public long clOrdID;
    /** The id of the order to replace (FIX 41). */
    @Base85
    public long origClOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;
    public double price;
    public long orderQty;
    @NanoTime
    public long transactTime;

    public OrderCancelReplaceRequest set(long clOrdID, long origClOrdID, long account, long symbol, Side side,
                                         double price, long orderQty, long transactTime) {
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.price = price;
        this.orderQty = orderQty;
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        clOrdID = in.readLong();
        origClOrdID = in.readLong();
        account = in.readLong();
        symbol = in.readLong();
        side = Codes.read(in, Side.VALUES);
        price = in.readDouble();
        orderQty = in.readLong();
        transactTime = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(clOrdID);
        out.writeLong(origClOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        out.writeDouble(price);
        out.writeLong(orderQty);
        out.writeLong(transactTime);
    }
}
