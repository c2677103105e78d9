package io.celerity.examples.matching;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/**
 * A request to cancel a resting order, named by the order id the engine gave it: binary, 16 bytes. The engine's id is
 * unique across accounts and symbols, so the lookup is one primitive-keyed map probe with no client-id bookkeeping.
 */
public final class CancelOrder extends BytesInBinaryMarshallable {
    /** Must be the account that placed the order. */
    @LongConversion(Base85.class)
    public long account;
    /** The {@code orderId} of the order's NEW execution report. */
    public long orderId;

    /** Fills every field, for senders that reuse one instance. */
    public CancelOrder set(long account, long orderId) {
        this.account = account;
        this.orderId = orderId;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        account = in.readLong();
        orderId = in.readLong();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(account);
        out.writeLong(orderId);
    }
}
