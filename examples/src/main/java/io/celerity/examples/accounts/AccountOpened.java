package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** An account now exists, holding its opening balance. */
public final class AccountOpened extends SelfDescribingMarshallable {
    public long account;
    public String owner;
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents). */
    public long balance;
}
