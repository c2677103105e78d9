package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.LongConversion;
import net.openhft.chronicle.wire.SelfDescribingMarshallable;
import net.openhft.chronicle.wire.converter.Base85;

/** A booked transfer, with the balances it left on both accounts. */
public final class TransferDone extends SelfDescribingMarshallable {
    /** The booking's id: a unique timestamp, so it also says when it was booked. */
    public long transactionId;
    public long from;
    public long to;
    @LongConversion(Base85.class)
    public long currency;
    /** In minor units (cents). */
    public long amount;
    public String reference;
    /** The payer's balance after the transfer, in minor units. */
    public long fromBalance;
    /** The payee's balance after the transfer, in minor units. */
    public long toBalance;
}
