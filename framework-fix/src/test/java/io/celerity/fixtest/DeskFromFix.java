package io.celerity.fixtest;

import io.celerity.fix.FixInbound;
import io.celerity.fix.FixMessage;
import io.celerity.fixtest.codecs.decoder.NewOrderSingleDecoder;
import io.celerity.fixtest.codecs.decoder.OrderCancelRequestDecoder;

/** The tests' inbound mapping: FIX 4.4 NewOrderSingle and OrderCancelRequest to the desk's events. */
public final class DeskFromFix implements FixInbound {

    private final DeskIn out;
    private final NewOrderSingleDecoder newOrder = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancelRequest = new OrderCancelRequestDecoder();
    private final Order order = new Order();
    private final Cancel cancel = new Cancel();

    public DeskFromFix(DeskIn out) {
        this.out = out;
    }

    @Override
    public boolean onMessage(FixMessage message) {
        if (message.messageType() == NewOrderSingleDecoder.MESSAGE_TYPE) {
            newOrder.reset();
            newOrder.decode(message.buffer(), message.offset(), message.length());
            if (!newOrder.validate()) {
                message.reject(newOrder.invalidTagId(), newOrder.rejectReason(), "invalid NewOrderSingle");
                return true;
            }
            order.clOrdId = newOrder.clOrdIDAsString();
            order.symbol = newOrder.symbolAsString();
            order.side = newOrder.side();
            order.quantity = newOrder.hasOrderQty() ? (long) newOrder.orderQty().toDouble() : 0;
            order.price = newOrder.hasPrice() ? newOrder.price().toDouble() : 0;
            out.order(order);
            return true;
        }
        if (message.messageType() == OrderCancelRequestDecoder.MESSAGE_TYPE) {
            cancelRequest.reset();
            cancelRequest.decode(message.buffer(), message.offset(), message.length());
            cancel.clOrdId = cancelRequest.clOrdIDAsString();
            cancel.origClOrdId = cancelRequest.origClOrdIDAsString();
            cancel.symbol = cancelRequest.symbolAsString();
            cancel.side = cancelRequest.side();
            out.cancel(cancel);
            return true;
        }
        return false;
    }
}
