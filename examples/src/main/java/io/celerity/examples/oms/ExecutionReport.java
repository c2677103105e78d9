package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;
import net.openhft.chronicle.wire.converter.NanoTime;

/** The order manager's answer to a new order, a cancel or a replace (FIX 35=8); binary, 108 bytes. */
public final class ExecutionReport extends BytesInBinaryMarshallable {
    /** The OMS's id of the order (FIX 37), numbered from 1; 0 when the order was rejected. */
    public long orderID;
    /** This report's unique id (FIX 17), a unique timestamp. */
    public long execID;
    @Base85
    public long clOrdID;
    @Base85
    public long origClOrdID;
    @Base85
    public long account;
    @Base85
    public long symbol;
    public Side side;
    public ExecType execType;
    public OrdStatus ordStatus;
    public RejectReason rejectReason;
    public double price;
    public long orderQty;
    public long leavesQty;
    public long cumQty;
    @NanoTime
    public long transactTime;

    ExecutionReport order(LiveOrder order, long clOrdID, long origClOrdID, ExecType execType, OrdStatus ordStatus,
                          long execID, long transactTime) {
        return set(order.orderID, execID, clOrdID, origClOrdID, order.account, order.symbol, order.side, execType,
                ordStatus, RejectReason.NONE, order.price, order.orderQty,
                ordStatus == OrdStatus.NEW ? order.orderQty : 0, 0, transactTime);
    }

    ExecutionReport rejected(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                             RejectReason reason, long execID, long transactTime) {
        return set(0, execID, clOrdID, 0, account, symbol, side, ExecType.REJECTED, OrdStatus.REJECTED, reason, price,
                orderQty, 0, 0, transactTime);
    }

    private ExecutionReport set(long orderID, long execID, long clOrdID, long origClOrdID, long account, long symbol,
                                Side side, ExecType execType, OrdStatus ordStatus, RejectReason rejectReason,
                                double price, long orderQty, long leavesQty, long cumQty, long transactTime) {
        this.orderID = orderID;
        this.execID = execID;
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.execType = execType;
        this.ordStatus = ordStatus;
        this.rejectReason = rejectReason;
        this.price = price;
        this.orderQty = orderQty;
        this.leavesQty = leavesQty;
        this.cumQty = cumQty;
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        // Arguments are evaluated left to right (JLS 15.7.4): the fields in their order on the queue.
        set(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readLong(),
                Codes.read(in, Side.VALUES), Codes.read(in, ExecType.VALUES), Codes.read(in, OrdStatus.VALUES),
                Codes.read(in, RejectReason.VALUES), in.readDouble(), in.readLong(), in.readLong(), in.readLong(),
                in.readLong());
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(orderID);
        out.writeLong(execID);
        out.writeLong(clOrdID);
        out.writeLong(origClOrdID);
        out.writeLong(account);
        out.writeLong(symbol);
        Codes.write(out, side);
        Codes.write(out, execType);
        Codes.write(out, ordStatus);
        Codes.write(out, rejectReason);
        out.writeDouble(price);
        out.writeLong(orderQty);
        out.writeLong(leavesQty);
        out.writeLong(cumQty);
        out.writeLong(transactTime);
    }
}
