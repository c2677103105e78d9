package io.celerity.internal.cluster;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClusterTimeoutsTest {

    @Test
    void theProductsTimeoutsAimBelowASecond() {
        ClusterTimeouts t = ClusterTimeouts.DEFAULT;
        Duration standby = t.lease().plus(t.renewalInterval());
        assertTrue(standby.compareTo(Duration.ofMillis(500)) < 0, "lease + the standby's next poll: " + standby);
        Duration election = t.leaderHeartbeatTimeout().plus(t.electionTimeout().dividedBy(2))
                .plus(t.electionTimeout()).plus(t.renewalInterval());
        assertTrue(election.compareTo(Duration.ofSeconds(1)) < 0,
                "the cluster's leader lost too: detection + nomination + ballot + a poll: " + election);
    }

    @Test
    void aHolderStopsBeforeTheClusterCouldGrantAnotherEvenWithDriftAndSkew() {
        long lease = ClusterTimeouts.DEFAULT.lease().toNanos();
        long hold = ClusterTimeouts.DEFAULT.holdNanos();
        double drift = ClusterTimeouts.MAX_CLOCK_DRIFT;
        long skew = ClusterTimeouts.MAX_CLOCK_SKEW.toNanos();
        // the holder's hold, on a clock running slow, lasts at most hold * (1 + drift) of real time; the cluster's
        // lease, on a leader's clock running fast and ahead by the skew, at least lease * (1 - drift) - skew
        assertTrue(hold * (1 + drift) <= lease * (1 - drift) - skew, hold + " ns held of a lease of " + lease);
        assertTrue(hold > lease * 3 / 4, "most of the lease stays usable: " + hold);
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
                Duration.ofSeconds(3), Duration.ofMillis(300), Duration.ofMillis(50)));
        assertTrue(e.getMessage().contains("leaderHeartbeatTimeout PT0.15S must be at least twice"), e.getMessage());
    }
}
