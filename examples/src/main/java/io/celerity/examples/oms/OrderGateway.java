package io.celerity.examples.oms;

import net.openhft.chronicle.wire.Base85LongConverter;
import org.agrona.collections.LongHashSet;

/**
 * The OMS's front door: checks that each client request is well formed and names a tradable instrument, passes
 * good ones on and turns bad ones into rejections. Stateless, so it can run anywhere and restart instantly.
 */
public final class OrderGateway implements OrderEntry {
    private final CheckedOrders out;
    private final LongHashSet symbols = new LongHashSet();
    private final RequestRejected rejected = new RequestRejected();

    public OrderGateway(CheckedOrders out, GatewaySettings settings) {
        this.out = out;
        for (String symbol : settings.symbols)
            symbols.add(Base85LongConverter.INSTANCE.parse(symbol));
    }

    @Override
    public void newOrderSingle(NewOrderSingle order) {
        RejectReason reason = headerProblem(order.clOrdID, order.account, order.symbol, order.side);
        if (reason == RejectReason.NONE)
            reason = termsProblem(order.price, order.orderQty);
        if (reason == RejectReason.NONE)
            out.newOrderSingle(order);
        else
            out.requestRejected(rejected.newOrder(order, reason));
    }

    @Override
    public void orderCancelRequest(OrderCancelRequest cancel) {
        RejectReason reason = amendProblem(cancel.clOrdID, cancel.origClOrdID, cancel.account, cancel.symbol,
                cancel.side);
        if (reason == RejectReason.NONE)
            out.orderCancelRequest(cancel);
        else
            out.requestRejected(rejected.cancel(cancel, reason));
    }

    @Override
    public void orderCancelReplaceRequest(OrderCancelReplaceRequest replace) {
        RejectReason reason = amendProblem(replace.clOrdID, replace.origClOrdID, replace.account, replace.symbol,
                replace.side);
        if (reason == RejectReason.NONE)
            reason = termsProblem(replace.price, replace.orderQty);
        if (reason == RejectReason.NONE)
            out.orderCancelReplaceRequest(replace);
        else
            out.requestRejected(rejected.replace(replace, reason));
    }

    private RejectReason headerProblem(long clOrdID, long account, long symbol, Side side) {
        if (clOrdID == 0)
            return RejectReason.MISSING_CLORDID;
        if (account == 0)
            return RejectReason.MISSING_ACCOUNT;
        if (side == null)
            return RejectReason.MISSING_SIDE;
        if (!symbols.contains(symbol))
            return RejectReason.UNKNOWN_SYMBOL;
        return RejectReason.NONE;
    }

    private static RejectReason termsProblem(double price, long orderQty) {
        if (!(price > 0) || Double.isInfinite(price))
            return RejectReason.BAD_PRICE; // also catches NaN
        if (orderQty <= 0)
            return RejectReason.BAD_QUANTITY;
        return RejectReason.NONE;
    }

    /** What is wrong with a cancel or replace before its terms: it must name another order, then be well formed. */
    private RejectReason amendProblem(long clOrdID, long origClOrdID, long account, long symbol, Side side) {
        if (clOrdID == 0)
            return RejectReason.MISSING_CLORDID;
        if (origClOrdID == 0 || origClOrdID == clOrdID)
            return RejectReason.MISSING_ORIG_CLORDID;
        return headerProblem(clOrdID, account, symbol, side);
    }
}
