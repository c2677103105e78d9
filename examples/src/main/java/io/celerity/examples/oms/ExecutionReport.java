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
        this.orderID = order.orderID;
        this.execID = execID;
        this.clOrdID = clOrdID;
        this.origClOrdID = origClOrdID;
        this.account = order.account;
        this.symbol = order.symbol;
        this.side = order.side;
        this.execType = execType;
        this.ordStatus = ordStatus;
        this.rejectReason = RejectReason.NONE;
        this.price = order.price;
        this.orderQty = order.orderQty;
        this.leavesQty = ordStatus == OrdStatus.NEW ? order.orderQty : 0;
        this.cumQty = 0;
        this.transactTime = transactTime;
        return this;
    }

    ExecutionReport rejected(long clOrdID, long account, long symbol, Side side, double price, long orderQty,
                             RejectReason reason, long execID, long transactTime) {
        this.orderID = 0;
        this.execID = execID;
        this.clOrdID = clOrdID;
        this.origClOrdID = 0;
        this.account = account;
        this.symbol = symbol;
        this.side = side;
        this.execType = ExecType.REJECTED;
        this.ordStatus = OrdStatus.REJECTED;
        this.rejectReason = reason;
        this.price = price;
        this.orderQty = orderQty;
        this.leavesQty = 0;
        this.cumQty = 0;
        this.transactTime = transactTime;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        orderID = in.readLong();
        execID = in.readLong();
        clOrdID = in.readLong();
        origClOrdID = in.readLong();
        account = in.readLong();
        symbol = in.readLong();
        side = Codes.read(in, Side.VALUES);
        execType = Codes.read(in, ExecType.VALUES);
        ordStatus = Codes.read(in, OrdStatus.VALUES);
        rejectReason = Codes.read(in, RejectReason.VALUES);
        price = in.readDouble();
        orderQty = in.readLong();
        leavesQty = in.readLong();
        cumQty = in.readLong();
        transactTime = in.readLong();
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
