package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * What a cancel and a replace both say: the request's own id, the id of the live order it is about (FIX 41), and the
 * account, symbol and side that order must have; and their codec (33 bytes).
 */
abstract class LiveOrderRequest extends BytesInBinaryMarshallable {
    /** This request's own id; a replaced order goes by it from then on. */
    @Base85
    public long clOrdID;
    /** The id of the order to cancel or replace (FIX 41). */
    @Base85
    public long origClOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;

    final void request(long clOrdID, long origClOrdID, long account, long symbol, Side side) {
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        // Arguments are evaluated left to right (JLS 15.7.4): the fields in their order on the queue.
        request(in.readLong(), in.readLong(), in.readLong(), in.readLong(), Codes.read(in, Side.VALUES));
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(clOrdID);
        out.writeLong(origClOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
    }
}
