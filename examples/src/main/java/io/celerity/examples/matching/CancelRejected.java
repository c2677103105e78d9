package io.celerity.examples.matching;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.converter.Base85;

/** A cancel the engine refused, with why (like FIX 35=9); binary, since racing a fill makes these routine. */
public final class CancelRejected extends BytesInBinaryMarshallable {
    @LongConversion(Base85.class)
    public long account;
    /** The order id the cancel named. */
    public long orderId;
    public final StringBuilder reason = new StringBuilder(64);

    @Override
    public void readMarshallable(BytesIn<?> in) {
        account = in.readLong();
        orderId = in.readLong();
        in.readUtf8(reason);
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(account);
        out.writeLong(orderId);
        out.writeUtf8(reason);
    }
}
