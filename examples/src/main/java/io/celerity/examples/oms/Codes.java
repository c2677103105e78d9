package io.celerity.examples.oms;

import net.openhft.chronicle.bytes.BytesIn;
import net.openhft.chronicle.bytes.BytesOut;

/** Enums as one byte on the queue (-1 for none), decoded from cached {@code values()} so reading allocates nothing. */
final class Codes {
    private Codes() {
    }

    static void write(BytesOut<?> out, Enum<?> value) {
        out.writeByte(value == null ? -1 : (byte) value.ordinal());
    }

    static <E extends Enum<E>> E read(BytesIn<?> in, E[] values) {
        int code = in.readByte();
        return code < 0 || code >= values.length ? null : values[code];
    }
}
