package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;
import net.openhft.chronicle.wire.BytesInBinaryMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** The notional an account has used so far: the risk check's state event, one per account (binary, 16 bytes). */
public final class AccountNotional extends BytesInBinaryMarshallable {
    @Base85
    public long account;
    /** Price x quantity of every new order and replacement that passed, summed. */
    public double grossNotional;

    AccountNotional set(long account, double grossNotional) {
        this.account = account;
        this.grossNotional = grossNotional;
        return this;
    }

    @Override
    public void readMarshallable(BytesIn<?> in) {
        account = in.readLong();
        grossNotional = in.readDouble();
    }

    @Override
    public void writeMarshallable(BytesOut<?> out) {
        out.writeLong(account);
        out.writeDouble(grossNotional);
    }
}
