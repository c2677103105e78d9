package io.celerity.examples.oms.fix;

import io.celerity.examples.oms.Side;
import io.celerity.examples.oms.fix.codecs.Constants;
import io.celerity.examples.oms.fix.codecs.OrdType;
import io.celerity.examples.oms.fix.codecs.SessionRejectReason;
import io.celerity.fix.FixMessage;
import net.openhft.chronicle.wire.Base85LongConverter;
import uk.co.real_logic.artio.fields.ReadOnlyDecimalFloat;
import uk.co.real_logic.artio.fields.UtcTimestampDecoder;

/**
 * A FIX request's fields as the OMS keeps them, each checked on the way: the first one the OMS cannot keep as it was
 * sent is remembered, and the request rejected (FIX Reject naming its tag) rather than passed on changed. Reused;
 * allocates nothing unless a request is refused.
 */
final class RequestFields {
    private static final Base85LongConverter BASE85 = Base85LongConverter.INSTANCE;
    private static final int VALUE_IS_INCORRECT = SessionRejectReason.VALUE_IS_INCORRECT.representation();
    private static final int INCORRECT_DATA_FORMAT =
            SessionRejectReason.INCORRECT_DATA_FORMAT_FOR_VALUE.representation();

    private final StringBuilder id = new StringBuilder(Base85LongConverter.MAX_LENGTH);
    private final StringBuilder idBack = new StringBuilder(Base85LongConverter.MAX_LENGTH);
    private final UtcTimestampDecoder timestamps = new UtcTimestampDecoder(true);
    private int tag;
    private int reason;
    private String problem;

    /** Starts a request: no problem yet. */
    void clear() {
        problem = null;
    }

    /** Rejects {@code message} when one of its fields could not be kept; true when it did. */
    boolean rejected(FixMessage message) {
        if (problem == null)
            return false;
        message.reject(tag, reason, problem);
        return true;
    }

    /** An id (ClOrdID, Account, Symbol...) as the Base85 long the OMS keeps it in; an empty one is 0, i.e. missing. */
    long id(int tag, char[] chars, int length) {
        if (length > Base85LongConverter.MAX_LENGTH)
            return fail(tag, VALUE_IS_INCORRECT, "longer than the 10 characters the OMS keeps");
        id.setLength(0);
        id.append(chars, 0, length);
        long packed;
        try {
            packed = BASE85.parse(id);
        } catch (IllegalArgumentException notBase85) {
            return fail(tag, VALUE_IS_INCORRECT, "a character the OMS cannot keep in an id");
        }
        idBack.setLength(0);
        BASE85.append(idBack, packed);
        // The long must give the same text back: a leading '0' is lost in it, and some 10-character ids overflow it.
        return idBack.compareTo(id) == 0 ? packed : fail(tag, VALUE_IS_INCORRECT, "an id the OMS cannot keep as sent");
    }

    /** Side(54): the OMS buys and sells, nothing else (no short sells, crosses...). */
    Side side(char side) {
        switch (side) {
            case '1':
                return Side.BUY;
            case '2':
                return Side.SELL;
            default:
                fail(Constants.SIDE, VALUE_IS_INCORRECT, "the OMS takes Side 1 (buy) or 2 (sell) only");
                return null;
        }
    }

    /** OrdType(40): the OMS's orders are all limit orders; a market order's Price must not make it one. */
    void limitOrder(char ordType) {
        if (ordType != OrdType.LIMIT.representation())
            fail(Constants.ORD_TYPE, VALUE_IS_INCORRECT, "the OMS takes limit orders (OrdType 2) only");
    }

    /** OrderQty(38) in whole units: a fraction is refused, not truncated. */
    long quantity(ReadOnlyDecimalFloat quantity) {
        // Artio normalises the decimal (100.00 is 100, scale 0), so any scale left is a fraction.
        return quantity.scale() == 0 ? quantity.value()
                : fail(Constants.ORDER_QTY, VALUE_IS_INCORRECT, "the OMS takes whole quantities only");
    }

    /** TransactTime(60) as nanoseconds since the epoch, whatever its precision (seconds to nanoseconds). */
    long transactTime(byte[] timestamp, int length) {
        try {
            return timestamps.decodeNanos(timestamp, length);
        } catch (IllegalArgumentException notATimestamp) { // Agrona's AsciiNumberFormatException too
            return fail(Constants.TRANSACT_TIME, INCORRECT_DATA_FORMAT, "not a UTCTimestamp");
        }
    }

    private long fail(int tag, int reason, String problem) {
        if (this.problem == null) { // the first one found is the one reported
            this.tag = tag;
            this.reason = reason;
            this.problem = problem;
        }
        return 0;
    }
}
