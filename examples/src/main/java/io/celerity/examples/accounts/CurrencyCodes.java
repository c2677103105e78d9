package io.celerity.examples.accounts;

import net.openhft.chronicle.wire.Base85LongConverter;

/** Tells an ISO 4217-shaped code (three capital letters) from anything else packed into a Base85 long. */
final class CurrencyCodes {
    private final StringBuilder text = new StringBuilder(10); // reused: no allocation per check

    /** True when {@code currency} unpacks to exactly three letters A-Z. */
    boolean isIsoCode(long currency) {
        text.setLength(0);
        Base85LongConverter.INSTANCE.append(text, currency);
        if (text.length() != 3)
            return false;
        for (int i = 0; i < 3; i++)
            if (text.charAt(i) < 'A' || text.charAt(i) > 'Z')
                return false;
        return true;
    }
}
