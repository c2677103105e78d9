package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A request to move money between two accounts of the same currency. */
public final class Transfer extends SelfDescribingMarshallable {
    public long from;
    public long to;
    /** Must be the currency of both accounts. */
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents); must be positive. */
    public long amount;
    /** The payer's free text, copied to the outcome; may be empty. */
    public String reference;

    /** Fills every field; returns this for chaining. */
    public Transfer set(long from, long to, long currency, long amount, String reference) {
        this.from = from;
        this.to = to;
        this.currency = currency;
        this.amount = amount;
        this.reference = reference;
        return this;
    }
}
