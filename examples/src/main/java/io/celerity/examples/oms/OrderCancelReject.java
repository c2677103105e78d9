package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** The answer to a cancel or replace that could not be carried out (FIX 35=9); binary, 43 bytes. */
public final class OrderCancelReject extends BytesInBinaryMarshallable {
    /** The order's id, or 0 when no live order has the original id. */
    public long orderID;
    @Base85
    public long clOrdID;
    @Base85
    public long origClOrdID;
    @Base85
    public long account;
    /** The state of the order the request named, unchanged (FIX 39); REJECTED when there is no such order. */
    public OrdStatus ordStatus;
    /** Whether a cancel or a replace was refused (FIX 434). */
    public RequestType responseTo;
    public RejectReason reason;
    @NanoTime
    public long transactTime;

    OrderCancelReject set(long orderID, long clOrdID, long origClOrdID, long account, OrdStatus ordStatus,
                          RequestType responseTo, RejectReason reason, long transactTime) {
        this.orderID = orderID;
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = account;
        this.ordStatus = ordStatus;
        this.responseTo = responseTo;
        this.reason = reason;
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        // Arguments are evaluated left to right (JLS 15.7.4): the fields in their order on the queue.
        set(in.readLong(), in.readLong(), in.readLong(), in.readLong(), Codes.read(in, OrdStatus.VALUES),
                Codes.read(in, RequestType.VALUES), Codes.read(in, RejectReason.VALUES), in.readLong());
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(orderID);
        out.writeLong(clOrdID);
        out.writeLong(origClOrdID);
        out.writeLong(account);
        Codes.write(out, ordStatus);
        Codes.write(out, responseTo);
        Codes.write(out, reason);
        out.writeLong(transactTime);
    }
}
