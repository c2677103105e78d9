package io.celerity.api;

import net.openhft.chronicle.bytes.BytesIn;

/**
 * Fields appended to a binary DTO in a later version: older documents end before them, so its
 * {@code readMarshallable} reads each only when present, and the build's schema check accepts the change.
 *
 * <pre>{@code
 * public void readMarshallable(BytesIn<?> in) {
 *     symbol = in.readLong();
 *     bid = in.readDouble();
 *     // appended in version 2: older documents end here
 *     venue = AppendedFields.present(in) ? in.readInt() : 0;
 * }
 * }</pre>
 */
public final class AppendedFields {

    private AppendedFields() {
    }

    /** Whether the DTO being read holds more fields: false for data an older version, without them, wrote. */
    public static boolean present(BytesIn<?> in) {
        return in.readRemaining() > 0;
    }
}
