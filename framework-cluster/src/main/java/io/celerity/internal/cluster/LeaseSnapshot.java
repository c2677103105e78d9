package io.celerity.internal.cluster;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

import java.util.ArrayList;
import java.util.List;

/**
 * The lease table as one snapshot message: a member restarted from a snapshot rebuilds exactly the table it had,
 * then replays the log after it. Layout: magic, version, count, then per lease its name, holder ("" none), token,
 * expiry and eligible hosts (strings as Agrona's int length and ASCII).
 */
final class LeaseSnapshot {

    private static final int MAGIC = 0x534E454C; // "LENS"
    private static final int VERSION = 1;

    private LeaseSnapshot() {
    }

    /** Writes {@code table} into {@code buffer} from 0 (an expandable one grows); returns the length. */
    static int encode(LeaseTable table, MutableDirectBuffer buffer) {
        int at = 0;
        buffer.putInt(at, MAGIC);
        buffer.putInt(at + 4, VERSION);
        buffer.putInt(at + 8, table.entries().size());
        at += 12;
        for (LeaseTable.Entry e : table.entries()) {
            at += buffer.putStringAscii(at, e.name);
            at += buffer.putStringAscii(at, e.holder == null ? "" : e.holder);
            buffer.putLong(at, e.token);
            buffer.putLong(at + 8, e.expiresAt);
            buffer.putInt(at + 16, e.eligible.size());
            at += 20;
            for (String host : e.eligible)
                at += buffer.putStringAscii(at, host);
        }
        return at;
    }

    /** Restores into {@code table} the leases of the snapshot message at {@code offset}. */
    static void decode(DirectBuffer buffer, int offset, int length, LeaseTable table) {
        if (length < 12 || buffer.getInt(offset) != MAGIC)
            throw new IllegalStateException("cluster: the lease service's snapshot does not start with its magic"
                    + " number: not a lease table (length " + length + ")");
        if (buffer.getInt(offset + 4) != VERSION)
            throw new IllegalStateException("cluster: lease snapshot version " + buffer.getInt(offset + 4)
                    + "; this build reads version " + VERSION);
        int count = buffer.getInt(offset + 8);
        int at = offset + 12;
        for (int i = 0; i < count; i++) {
            String name = buffer.getStringAscii(at);
            at += 4 + name.length();
            String holder = buffer.getStringAscii(at);
            at += 4 + holder.length();
            long token = buffer.getLong(at);
            long expiresAt = buffer.getLong(at + 8);
            int eligibleCount = buffer.getInt(at + 16);
            at += 20;
            List<String> eligible = new ArrayList<>(eligibleCount);
            for (int j = 0; j < eligibleCount; j++) {
                String host = buffer.getStringAscii(at);
                at += 4 + host.length();
                eligible.add(host);
            }
            table.restore(name, holder.isEmpty() ? null : holder, token, expiresAt, eligible);
        }
    }
}
