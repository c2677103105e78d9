package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A booked deposit and the balance it left. */
public final class Deposited extends SelfDescribingMarshallable {
    /** The booking's id: a unique timestamp, so it also says when it was booked. */
    public long transactionId;
    public long account;
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents). */
    public long amount;
    /** The account's balance after the deposit, in minor units. */
    public long balance;
}
