package io.celerity.internal.cluster;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a host's client refuses: a lease registered twice, a name the messages cannot carry, a late registration. */
class LeaseClientTest {

    @Test
    void refusesALeaseRegisteredTwiceOrAfterItsClientStarted() {
        ClusterMembers members = ClusterMembers.parse("a=127.0.0.1:23520,b=127.0.0.1:23525,c=127.0.0.1:23530");
        try (LeaseClient client = new LeaseClient(members, "x", "127.0.0.1", null, ClusterTimeouts.DEFAULT)) {
            client.lease("oms", true);
            IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
                    () -> client.lease("oms", false));
            assertEquals("cluster: lease 'oms' registered twice on host x", twice.getMessage());
            IllegalArgumentException badName = assertThrows(IllegalArgumentException.class,
                    () -> client.lease("order manager", false));
            assertTrue(badName.getMessage().contains("lease name 'order manager' must be printable ASCII without"
                    + " spaces"), badName.getMessage());
            client.doWork();
            IllegalStateException late = assertThrows(IllegalStateException.class, () -> client.lease("risk", true));
            assertTrue(late.getMessage().contains("register every lease before the first doWork"), late.getMessage());
        }
    }
}
