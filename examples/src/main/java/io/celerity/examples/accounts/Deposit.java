package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A request to pay money into an account. */
public final class Deposit extends SelfDescribingMarshallable {
    public long account;
    /** Must be the account's currency: the service never converts. */
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents); must be positive. */
    public long amount;

    /** Fills every field; returns this for chaining. */
    public Deposit set(long account, long currency, long amount) {
        this.account = account;
        this.currency = currency;
        this.amount = amount;
        return this;
    }
}
