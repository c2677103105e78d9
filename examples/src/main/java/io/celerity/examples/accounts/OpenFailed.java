package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.SelfDescribingMarshallable;

/** Why an account was not opened. */
public final class OpenFailed extends SelfDescribingMarshallable {
    public long account;
    public String reason;
}
