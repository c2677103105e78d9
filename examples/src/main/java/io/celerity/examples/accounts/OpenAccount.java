package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A request to open an account. Rare, so self-describing: readable in a queue dump and in YAML tests. */
public final class OpenAccount extends SelfDescribingMarshallable {
    /** The account number chosen by the caller; must be positive and not in use. */
    public long account;
    public String owner;
    /** ISO 4217 code such as EUR, packed into a long. */
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents): money as a whole number of the smallest unit, so sums are exact. */
    public long openingBalance;

    /** Fills every field; returns this for chaining. */
    public OpenAccount set(long account, String owner, long currency, long openingBalance) {
        this.account = account;
        this.owner = owner;
        this.currency = currency;
        this.openingBalance = openingBalance;
        return this;
    }
}
