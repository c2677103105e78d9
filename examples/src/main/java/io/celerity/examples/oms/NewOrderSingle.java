package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's new limit order (FIX 35=D); binary on the queue, 49 bytes. */
public final class NewOrderSingle extends BytesInBinaryMarshallable {
    /** The client's order id (FIX 11), up to 10 characters packed into a long. */
    @Base85
    public long clOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;
    public double price;
    public long orderQty;
    /** When the client sent it, nanoseconds since the epoch (FIX 60). */
    @NanoTime
    public long transactTime;

    public NewOrderSingle set(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                              long transactTime) {
        this.clOrdID = clOrdID;
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
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        out.writeDouble(price);
        out.writeLong(orderQty);
        out.writeLong(transactTime);
    }
}
