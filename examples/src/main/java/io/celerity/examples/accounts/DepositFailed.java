package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A refused deposit: the request's details and why. */
public final class DepositFailed extends SelfDescribingMarshallable {
    public long account;
    @LongConversion(Base85.class)
    public long currency;
    public long amount;
    public String reason;
}
