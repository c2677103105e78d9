package io.celerity.internal.cluster;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The lock service's rules on made-up cluster times (lease 300). */
class LeaseTableTest {

    private static final long LEASE = 300;
    private final LeaseTable table = new LeaseTable(LEASE);

    @Test
    void theFirstGrantGoesOnlyToThePreferredHost() {
        LeaseTable.Entry e = table.acquire("oms", "b", false, 0);
        assertNull(e.holder, "b is not the service's preferred host");
        assertEquals(0, e.token);
        e = table.acquire("oms", "a", true, 10);
        assertEquals("a", e.holder);
        assertEquals(1, e.token);
        assertEquals(10 + LEASE, e.expiresAt);
    }

    @Test
    void theHolderRenewsUnderTheSameTokenEvenAfterExpiryIfNobodyTookIt() {
        table.acquire("oms", "a", true, 0);
        LeaseTable.Entry e = table.acquire("oms", "a", true, 100);
        assertEquals(1, e.token);
        assertEquals(100 + LEASE, e.expiresAt);
        e = table.acquire("oms", "a", true, 5_000);
        assertEquals("a", e.holder);
        assertEquals(1, e.token, "expired, but nobody took it: the same token");
        assertEquals(5_000 + LEASE, e.expiresAt);
    }

    @Test
    void anotherHostTakesOverOnlyOnceExpiredAndDeclaredEligible() {
        table.acquire("oms", "a", true, 0);
        assertEquals("a", table.acquire("oms", "b", false, LEASE).holder, "expired, but b is not eligible");
        assertSame(table.get("oms"), table.setEligible("oms", "a", 1, "b", true));
        assertEquals("a", table.acquire("oms", "b", false, LEASE - 1).holder, "eligible, but not expired yet");
        LeaseTable.Entry e = table.acquire("oms", "b", false, LEASE);
        assertEquals("b", e.holder);
        assertEquals(2, e.token);
        assertEquals(2 * LEASE, e.expiresAt);
        assertTrue(e.eligible.isEmpty(), "the old holder must be declared eligible again by the new one");
        assertEquals("b", table.acquire("oms", "a", true, 3 * LEASE).holder, "preferred counts only for the first");
    }

    @Test
    void aRenewalPushesTheTakeoverBack() {
        table.acquire("oms", "a", true, 0);
        table.setEligible("oms", "a", 1, "b", true);
        table.acquire("oms", "a", true, 200);
        assertEquals("a", table.acquire("oms", "b", false, LEASE).holder);
        assertEquals("b", table.acquire("oms", "b", false, 200 + LEASE).holder);
    }

    @Test
    void eligibilityIsSetOnlyByTheHolderWithTheCurrentToken() {
        table.acquire("oms", "a", true, 0);
        assertNull(table.setEligible("oms", "b", 1, "b", true), "b does not hold it");
        assertNull(table.setEligible("oms", "a", 2, "b", true), "not a's token");
        assertNull(table.setEligible("other", "a", 1, "b", true), "no such lease");
        assertTrue(table.get("oms").eligible.isEmpty());
        table.setEligible("oms", "a", 1, "b", true);
        table.setEligible("oms", "a", 1, "c", true);
        table.setEligible("oms", "a", 1, "b", false);
        assertEquals("[c]", table.get("oms").eligible.toString());

        table.acquire("oms", "c", false, LEASE); // c takes over: token 2
        assertNull(table.setEligible("oms", "a", 1, "a", true), "a was deposed: its token is old");
        assertEquals(2, table.get("oms").token);
    }

    @Test
    void leasesAreIndependent() {
        table.acquire("oms", "a", true, 0);
        LeaseTable.Entry risk = table.acquire("risk", "b", true, 0);
        assertEquals("b", risk.holder);
        assertEquals(1, risk.token);
        assertEquals("a", table.get("oms").holder);
    }
}
