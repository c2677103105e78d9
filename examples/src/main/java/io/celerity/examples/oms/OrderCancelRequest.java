package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client's request to cancel a live order (FIX 35=F); binary on the queue, 41 bytes. */
public final class OrderCancelRequest extends BytesInBinaryMarshallable {
    /** This request's own id. */
    @Base85
    public long clOrdID;
    /** The id of the order to cancel (FIX 41). */
    @Base85
    public long origClOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;
    @NanoTime
    public long transactTime;

    public OrderCancelRequest set(long clOrdID, long origClOrdID, long account, long symbol, Side side,
                                  long transactTime) {
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
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
        transactTime = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(clOrdID);
        out.writeLong(origClOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        out.writeLong(transactTime);
    }
}
