package io.celerity.internal.cluster;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterTimeoutsTest {

    @Test
    void theProductsTimeoutsAimBelowASecond() {
        ClusterTimeouts t = ClusterTimeouts.DEFAULT;
        Duration worst = t.leaderHeartbeatTimeout().plus(t.electionTimeout().dividedBy(2)).plus(t.electionTimeout())
                .plus(t.lease()).plus(t.renewalInterval());
        assertTrue(worst.compareTo(Duration.ofSeconds(1)) < 0,
                "detection + nomination + ballot + lease wait: " + worst);
    }

    @Test
    void aNewLeaderWaitsALittleMoreThanTheLease() {
        long lease = ClusterTimeouts.DEFAULT.lease().toNanos();
        long wait = ClusterTimeouts.DEFAULT.leaseWaitNanos();
        assertTrue(wait > lease && wait < lease * 1.01, wait + " ns for a lease of " + lease);
    }

    @Test
    void refusesALeaseThatOneLateRenewalWouldEnd() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ClusterTimeouts.DEFAULT.withLease(Duration.ofMillis(50), Duration.ofMillis(40)));
        assertTrue(e.getMessage().contains("lease PT0.05S must be at least twice renewalInterval"), e.getMessage());
    }

    @Test
    void refusesAHeartbeatTimeoutOneLateHeartbeatWouldTrip() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new ClusterTimeouts(
                Duration.ofMillis(100), Duration.ofMillis(150), Duration.ofMillis(150), Duration.ofMillis(20),
                Duration.ofSeconds(3), Duration.ofMillis(200), Duration.ofMillis(40)));
        assertTrue(e.getMessage().contains("leaderHeartbeatTimeout PT0.15S must be at least twice"), e.getMessage());
    }
}
