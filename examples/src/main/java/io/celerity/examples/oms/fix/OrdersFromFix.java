package io.celerity.examples.oms.fix;

import io.celerity.examples.oms.NewOrderSingle;
import io.celerity.examples.oms.OrderCancelReplaceRequest;
import io.celerity.examples.oms.OrderCancelRequest;
import io.celerity.examples.oms.OrderEntry;
import io.celerity.examples.oms.Side;
import io.celerity.examples.oms.fix.codecs.Constants;
import io.celerity.examples.oms.fix.codecs.decoder.NewOrderSingleDecoder;
import io.celerity.examples.oms.fix.codecs.decoder.OrderCancelReplaceRequestDecoder;
import io.celerity.examples.oms.fix.codecs.decoder.OrderCancelRequestDecoder;
import io.celerity.fix.FixInbound;
import io.celerity.fix.FixMessage;
import uk.co.real_logic.artio.builder.Decoder;

/**
 * The OMS's FIX front door, inbound: FIX 4.4 NewOrderSingle, OrderCancelRequest and OrderCancelReplaceRequest become
 * the OMS's requests on its orders queue. What the OMS could not keep as sent (see {@link RequestFields}) is rejected
 * here with a FIX Reject; everything else goes on, even what the OMS will refuse (an unknown symbol, a missing account
 * or price), so that it answers with its own reasons. Decoders and requests are reused: no allocation per message.
 */
public final class OrdersFromFix implements FixInbound {
    private final OrderEntry out;
    private final NewOrderSingleDecoder newOrderDecoder = new NewOrderSingleDecoder();
    private final OrderCancelRequestDecoder cancelDecoder = new OrderCancelRequestDecoder();
    private final OrderCancelReplaceRequestDecoder replaceDecoder = new OrderCancelReplaceRequestDecoder();
    private final NewOrderSingle order = new NewOrderSingle();
    private final OrderCancelRequest cancel = new OrderCancelRequest();
    private final OrderCancelReplaceRequest replace = new OrderCancelReplaceRequest();
    private final RequestFields fields = new RequestFields();

    public OrdersFromFix(OrderEntry out) {
        this.out = out;
    }

    @Override
    public boolean onMessage(FixMessage message) {
        long type = message.messageType();
        if (type == NewOrderSingleDecoder.MESSAGE_TYPE)
            newOrderSingle(message);
        else if (type == OrderCancelRequestDecoder.MESSAGE_TYPE)
            orderCancelRequest(message);
        else if (type == OrderCancelReplaceRequestDecoder.MESSAGE_TYPE)
            orderCancelReplaceRequest(message);
        else
            return false; // the gateway answers a BusinessMessageReject: unsupported message type
        return true;
    }

    private void newOrderSingle(FixMessage message) {
        NewOrderSingleDecoder d = newOrderDecoder;
        if (!decoded(d, message, "invalid NewOrderSingle"))
            return;
        long clOrdID = fields.id(Constants.CL_ORD_ID, d.clOrdID(), d.clOrdIDLength());
        long account = d.hasAccount() ? fields.id(Constants.ACCOUNT, d.account(), d.accountLength()) : 0;
        long symbol = fields.id(Constants.SYMBOL, d.symbol(), d.symbolLength());
        Side side = fields.side(d.side());
        fields.limitOrder(d.ordType());
        double price = d.hasPrice() ? d.price().toDouble() : 0; // none: the OMS rejects it (BAD_PRICE)
        long orderQty = d.hasOrderQty() ? fields.quantity(d.orderQty()) : 0; // none: the OMS rejects it
        long transactTime = fields.transactTime(d.transactTime(), d.transactTimeLength());
        if (!fields.rejected(message))
            out.newOrderSingle(order.set(clOrdID, account, symbol, side, price, orderQty, transactTime));
    }

    private void orderCancelRequest(FixMessage message) {
        OrderCancelRequestDecoder d = cancelDecoder;
        if (!decoded(d, message, "invalid OrderCancelRequest"))
            return;
        long clOrdID = fields.id(Constants.CL_ORD_ID, d.clOrdID(), d.clOrdIDLength());
        long origClOrdID = fields.id(Constants.ORIG_CL_ORD_ID, d.origClOrdID(), d.origClOrdIDLength());
        long account = d.hasAccount() ? fields.id(Constants.ACCOUNT, d.account(), d.accountLength()) : 0;
        long symbol = fields.id(Constants.SYMBOL, d.symbol(), d.symbolLength());
        Side side = fields.side(d.side());
        long transactTime = fields.transactTime(d.transactTime(), d.transactTimeLength());
        if (!fields.rejected(message))
            out.orderCancelRequest(cancel.set(clOrdID, origClOrdID, account, symbol, side, transactTime));
    }

    private void orderCancelReplaceRequest(FixMessage message) {
        OrderCancelReplaceRequestDecoder d = replaceDecoder;
        if (!decoded(d, message, "invalid OrderCancelReplaceRequest"))
            return;
        long clOrdID = fields.id(Constants.CL_ORD_ID, d.clOrdID(), d.clOrdIDLength());
        long origClOrdID = fields.id(Constants.ORIG_CL_ORD_ID, d.origClOrdID(), d.origClOrdIDLength());
        long account = d.hasAccount() ? fields.id(Constants.ACCOUNT, d.account(), d.accountLength()) : 0;
        long symbol = fields.id(Constants.SYMBOL, d.symbol(), d.symbolLength());
        Side side = fields.side(d.side());
        fields.limitOrder(d.ordType());
        // The OMS replaces price and quantity both: one left out is 0, which it refuses, never "unchanged".
        double price = d.hasPrice() ? d.price().toDouble() : 0;
        long orderQty = d.hasOrderQty() ? fields.quantity(d.orderQty()) : 0;
        long transactTime = fields.transactTime(d.transactTime(), d.transactTimeLength());
        if (!fields.rejected(message))
            out.orderCancelReplaceRequest(replace.set(clOrdID, origClOrdID, account, symbol, side, price, orderQty,
                    transactTime));
    }

    /** Decodes {@code message} into {@code d}; rejects it, naming the tag at fault, when a required one is missing. */
    private boolean decoded(Decoder d, FixMessage message, String invalid) {
        d.reset(); // a decoder keeps the last message's optional fields until reset
        d.decode(message.buffer(), message.offset(), message.length());
        fields.clear();
        if (d.validate())
            return true;
        message.reject(d.invalidTagId(), d.rejectReason(), invalid);
        return false;
    }
}
