package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A refused transfer: the request's details and why. */
public final class TransferFailed extends SelfDescribingMarshallable {
    public long from;
    public long to;
    @LongConversion(Base85.class)
    public long currency;
    public long amount;
    public String reference;
    public String reason;
}
