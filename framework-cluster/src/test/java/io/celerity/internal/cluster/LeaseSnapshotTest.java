package io.celerity.internal.cluster;

import org.agrona.ExpandableArrayBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A snapshot of the lease table restores the same table, and refuses what is not one. */
class LeaseSnapshotTest {

    @Test
    void aTableRestoredFromItsSnapshotIsTheSame() {
        LeaseTable table = new LeaseTable(300);
        table.acquire("oms", "a", true, 0);
        table.setEligible("oms", "a", 1, "b", true);
        table.setEligible("oms", "a", 1, "c", true);
        table.acquire("oms", "b", false, 1_000); // token 2, b
        table.acquire("risk", "c", false, 5); // asked, never granted
        table.acquire("pricing", "c", true, 7);

        ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(16);
        int length = LeaseSnapshot.encode(table, buffer);
        LeaseTable restored = new LeaseTable(300);
        LeaseSnapshot.decode(buffer, 0, length, restored);
        assertEquals(table.toString(), restored.toString());
        assertEquals(2, restored.get("oms").token);
        assertEquals(1_300, restored.get("oms").expiresAt);

        ExpandableArrayBuffer again = new ExpandableArrayBuffer(16);
        assertEquals(length, LeaseSnapshot.encode(restored, again));
        for (int i = 0; i < length; i++)
            assertEquals(buffer.getByte(i), again.getByte(i), "byte " + i + " of the snapshot");
    }

    @Test
    void refusesAMessageThatIsNotALeaseSnapshot() {
        ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(16);
        buffer.putLong(0, 42);
        buffer.putInt(8, 0);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LeaseSnapshot.decode(buffer, 0, 12, new LeaseTable(300)));
        assertTrue(e.getMessage().contains("not a lease table"), e.getMessage());
    }
}
