package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** A client request refused by the gateway or the risk check, on its way to the order manager to be answered. */
public final class RequestRejected extends BytesInBinaryMarshallable {
    public RequestType requestType;
    public RejectReason reason;
    @Base85
    public long clOrdID;
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

    RequestRejected newOrder(NewOrderSingle order, RejectReason reason) {
        return set(RequestType.NEW_ORDER, reason, order.clOrdID, 0, order.account, order.symbol, order.side,
                order.price, order.orderQty, order.transactTime);
    }

    RequestRejected cancel(OrderCancelRequest cancel, RejectReason reason) {
        return set(RequestType.CANCEL, reason, cancel.clOrdID, cancel.origClOrdID, cancel.account, cancel.symbol,
                cancel.side, 0, 0, cancel.transactTime);
    }

    RequestRejected replace(OrderCancelReplaceRequest replace, RejectReason reason) {
        return set(RequestType.REPLACE, reason, replace.clOrdID, replace.origClOrdID, replace.account,
                replace.symbol, replace.side, replace.price, replace.orderQty, replace.transactTime);
    }

    private RequestRejected set(RequestType requestType, RejectReason reason, long clOrdID, long origClOrdID,
                                long account, long symbol, Side side, double price, long orderQty, long transactTime) {
        this.requestType = requestType;
        this.reason = reason;
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
        // Arguments are evaluated left to right (JLS 15.7.4): the fields in their order on the queue.
        set(Codes.read(in, RequestType.VALUES), Codes.read(in, RejectReason.VALUES), in.readLong(), in.readLong(),
                in.readLong(), in.readLong(), Codes.read(in, Side.VALUES), in.readDouble(), in.readLong(), in.readLong());
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        Codes.write(out, requestType);
        Codes.write(out, reason);
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
