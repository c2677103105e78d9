package io.celerity.internal.cluster;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * The lease service's messages, one fixed layout for all (little-endian, Agrona's default): magic, type, a flag, two
 * longs, then the type's strings, each a short length and ASCII bytes. Requests go client to cluster through the
 * ingress, replies cluster to the requesting session through its egress (docs/cluster.adoc, "Messages").
 */
final class LeaseProtocol {

    /** Client: take or renew lease {@code name} for {@code host}; flag = preferred, a = sentAt; strings name, host. */
    static final byte ACQUIRE = 1;
    /** Client, holder only: declare {@code host} (not) eligible; flag = eligible, a = token; name, requester, host. */
    static final byte SET_ELIGIBLE = 2;
    /** Cluster: the requester holds the lease; a = token, b = the request's sentAt echoed; strings name. */
    static final byte GRANTED = 3;
    /** Cluster: another host holds it (or nobody yet); flag = requester eligible, a = token; name, holder or "". */
    static final byte HELD = 4;
    /** Cluster: {@code host}'s eligibility under the holder's token; flag = eligible, a = token; name, host. */
    static final byte ELIGIBILITY = 5;

    /** Longest lease or host name: a message stays far below the ingress' largest. */
    static final int MAX_NAME = 200;

    private static final int MAGIC = 0x4553454C; // "LESE", in case anything else is ever sent to this cluster
    private static final int TYPE = 4;
    private static final int FLAG = 5;
    private static final int A = 8;
    private static final int B = 16;
    private static final int FIRST_STRING = 24;
    /** Room for the largest message: three names of the longest length. */
    static final int MAX_LENGTH = FIRST_STRING + 3 * (2 + MAX_NAME);

    private LeaseProtocol() {
    }

    /** Writes the fixed part; returns where the strings start. */
    static int header(MutableDirectBuffer buffer, byte type, boolean flag, long a, long b) {
        buffer.putInt(0, MAGIC);
        buffer.putByte(TYPE, type);
        buffer.putByte(FLAG, (byte) (flag ? 1 : 0));
        buffer.putShort(6, (short) 0);
        buffer.putLong(A, a);
        buffer.putLong(B, b);
        return FIRST_STRING;
    }

    /** Appends {@code value} (null as "") at {@code at}; returns the end. */
    static int string(MutableDirectBuffer buffer, int at, String value) {
        int length = value == null ? 0 : value.length();
        buffer.putShort(at, (short) length);
        if (length > 0)
            buffer.putStringWithoutLengthAscii(at + 2, value);
        return at + 2 + length;
    }

    /** The message's type, or 0 if it is not one of ours. */
    static byte type(DirectBuffer buffer, int offset, int length) {
        if (length < FIRST_STRING || buffer.getInt(offset) != MAGIC)
            return 0;
        return buffer.getByte(offset + TYPE);
    }

    static boolean flag(DirectBuffer buffer, int offset) {
        return buffer.getByte(offset + FLAG) != 0;
    }

    static long a(DirectBuffer buffer, int offset) {
        return buffer.getLong(offset + A);
    }

    static long b(DirectBuffer buffer, int offset) {
        return buffer.getLong(offset + B);
    }

    /** Where the {@code index}-th string (from 0) of the message at {@code offset} starts (its length field). */
    static int stringAt(DirectBuffer buffer, int offset, int index) {
        int at = offset + FIRST_STRING;
        for (int i = 0; i < index; i++)
            at += 2 + buffer.getShort(at);
        return at;
    }

    /** The string at {@code at} as a new String (the cluster side), null if empty. */
    static String read(DirectBuffer buffer, int at) {
        int length = buffer.getShort(at);
        return length == 0 ? null : buffer.getStringWithoutLengthAscii(at + 2, length);
    }

    /** Whether the string at {@code at} equals {@code value} (null matches empty), without allocating. */
    static boolean matches(DirectBuffer buffer, int at, String value) {
        int length = buffer.getShort(at);
        if (value == null)
            return length == 0;
        if (length != value.length())
            return false;
        for (int i = 0; i < length; i++)
            if (buffer.getByte(at + 2 + i) != (byte) value.charAt(i))
                return false;
        return true;
    }

    /** Refuses a lease or host name the messages cannot carry. */
    static String checkName(String what, String name) {
        if (name == null || name.isEmpty() || name.length() > MAX_NAME)
            throw new IllegalArgumentException("cluster: " + what + " '" + name + "' must have 1 to " + MAX_NAME
                    + " characters");
        for (int i = 0; i < name.length(); i++)
            if (name.charAt(i) < 0x21 || name.charAt(i) > 0x7E)
                throw new IllegalArgumentException("cluster: " + what + " '" + name + "' must be printable ASCII"
                        + " without spaces");
        return name;
    }
}
