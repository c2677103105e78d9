package ${package}.fix;

import ${package}.Order;
import ${package}.OrderListener;
import ${package}.Side;
import ${package}.fix.codecs.Constants;
import ${package}.fix.codecs.decoder.NewOrderSingleDecoder;
import io.celerity.fix.FixInbound;
import io.celerity.fix.FixMessage;
import net.openhft.chronicle.wire.Base85LongConverter;

/**
 * The FIX edge, inbound: each FIX 4.4 NewOrderSingle becomes an {@link Order} on the orders queue, its numeric ClOrdID
 * the order's id. What the order checker could not take as sent is rejected here with a FIX Reject naming the tag;
 * another message type gets a BusinessMessageReject from the gateway. Decoder and order are reused: no allocation per
 * message.
 */
public final class OrdersFromFix implements FixInbound {

    private static final int VALUE_INCORRECT = 5;          // SessionRejectReason(373)
    private static final int INCORRECT_DATA_FORMAT = 6;

    private final OrderListener out;
    private final NewOrderSingleDecoder decoder = new NewOrderSingleDecoder();
    private final Order order = new Order();
    private final StringBuilder symbol = new StringBuilder(10);

    public OrdersFromFix(OrderListener out) {
        this.out = out;
    }

    @Override
    public boolean onMessage(FixMessage message) {
        if (message.messageType() != NewOrderSingleDecoder.MESSAGE_TYPE)
            return false;
        NewOrderSingleDecoder d = decoder;
        d.reset(); // a decoder keeps the last message's optional fields until reset
        d.decode(message.buffer(), message.offset(), message.length());
        if (!d.validate()) {
            message.reject(d.invalidTagId(), d.rejectReason(), "invalid NewOrderSingle");
            return true;
        }
        long orderId = number(d.clOrdID(), d.clOrdIDLength());
        if (orderId < 0) {
            message.reject(Constants.CL_ORD_ID, INCORRECT_DATA_FORMAT, "ClOrdID must be a number of up to 18 digits");
            return true;
        }
        if (d.symbolLength() > 10) { // a Base85 long holds 10 characters
            message.reject(Constants.SYMBOL, VALUE_INCORRECT, "Symbol longer than 10 characters");
            return true;
        }
        symbol.setLength(0);
        symbol.append(d.symbol(), 0, d.symbolLength());
        Side side = switch (d.sideAsEnum()) {
            case BUY -> Side.BUY;
            case SELL -> Side.SELL;
            default -> null;
        };
        if (side == null) {
            message.reject(Constants.SIDE, VALUE_INCORRECT, "only Buy (1) and Sell (2)");
            return true;
        }
        double price = d.hasPrice() ? d.price().toDouble() : 0;
        long quantity = d.hasOrderQty() ? (long) d.orderQty().toDouble() : 0; // none: the checker refuses it
        out.order(order.set(orderId, Base85LongConverter.INSTANCE.parse(symbol), side, price, quantity));
        return true;
    }

    /** Digits as a long; -1 for anything else. */
    private static long number(char[] chars, int length) {
        if (length == 0 || length > 18)
            return -1;
        long n = 0;
        for (int i = 0; i < length; i++) {
            if (chars[i] < '0' || chars[i] > '9')
                return -1;
            n = n * 10 + (chars[i] - '0');
        }
        return n;
    }
}
