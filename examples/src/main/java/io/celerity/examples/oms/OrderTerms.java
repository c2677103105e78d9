package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * What a new order says and a live order keeps: the client's id, account, symbol, side, price and quantity, and their
 * codec (41 bytes). Its fields come first in a subclass's YAML, so only messages that list them first extend it.
 */
abstract class OrderTerms extends BytesInBinaryMarshallable {
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

    final void terms(long clOrdID, long account, long symbol, Side side, double price, long orderQty) {
        this.clOrdID = clOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.price = price;
        this.orderQty = orderQty;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        // Arguments are evaluated left to right (JLS 15.7.4): the fields in their order on the queue.
        terms(in.readLong(), in.readLong(), in.readLong(), Codes.read(in, Side.VALUES), in.readDouble(), in.readLong());
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(clOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        out.writeDouble(price);
        out.writeLong(orderQty);
    }
}
