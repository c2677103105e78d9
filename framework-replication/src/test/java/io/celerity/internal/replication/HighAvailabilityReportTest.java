package io.celerity.internal.replication;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ClusterConfig;
import io.celerity.config.HostConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.Replication;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.TickEcho;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A host's part in high availability as {@code celerity status} and Prometheus see it: its member's role, term and
 * leader, and whether it is primary, standby or deposed of each highly available service, with the lease's token.
 */
class HighAvailabilityReportTest {

    @TempDir
    Path dir;

    private record Member(String role, long term, String leader, long roleChanges) implements ClusterRole {
    }

    private record Lease(boolean held, boolean deposed, long token) implements LeaseGate {

        @Override
        public State state(long nowNanos) {
            return held ? State.OPEN : deposed ? State.DEPOSED : State.CLOSED;
        }

        @Override
        public String why(long nowNanos) {
            return held ? null : deposed ? "host b took over with token 3" : "host c holds the lease";
        }
    }

    @Test
    void statusAndMetricsSayWhoLeadsAndWhoIsPrimary() throws Exception {
        CelerityConfig config = CelerityConfig.builder()
                .host(new HostConfig("a", "127.0.0.1", 40100)).host(new HostConfig("b", "127.0.0.2", 40100))
                .host(new HostConfig("c", "127.0.0.3", 40100))
                .cluster(new ClusterConfig(List.of("a", "b", "c"), ClusterConfig.DEFAULT_PORT, dir.resolve("cluster")))
                .queue(QueueConfig.of("in", dir.resolve("in")).withReplication(new Replication("c", List.of("b"), 0)))
                .queue(QueueConfig.of("out", dir.resolve("out")).withReplication(new Replication("c", List.of("b"), 0)))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out").withStandby("b"))
                .build().onHost("b");
        HighAvailabilityReport report = new HighAvailabilityReport(new Member("LEADER", 4, "b", 3),
                Map.of("echo", new Lease(false, false, 0)));

        HighAvailabilityStatusFile.write(config, report.member(), report.services(), "running");
        Map<String, Object> status = HighAvailabilityStatusFile.read(HighAvailabilityStatusFile.of(config, "b"))
                .orElseThrow();
        assertEquals("b", status.get("host"));
        Map<?, ?> member = (Map<?, ?>) status.get("member");
        assertEquals("LEADER", member.get("role"));
        assertEquals(4L, ((Number) member.get("term")).longValue());
        assertEquals("b", member.get("leader"));
        Map<?, ?> echo = (Map<?, ?>) ((Map<?, ?>) status.get("services")).get("echo");
        assertEquals("standby", echo.get("role"));
        assertEquals("host c holds the lease", echo.get("why"));

        StringBuilder text = new StringBuilder();
        new HighAvailabilityMetrics(new HighAvailabilityReport(new Member("FOLLOWER", 5, "a", 4),
                Map.of("echo", new Lease(true, false, 2)))).appendTo(text);
        String metrics = text.toString();
        assertTrue(metrics.contains("celerity_cluster_role 0\n"), metrics);
        assertTrue(metrics.contains("celerity_cluster_term 5\n"), metrics);
        assertTrue(metrics.contains("# TYPE celerity_cluster_role_changes_total counter\n"
                + "celerity_cluster_role_changes_total 4\n"), metrics);
        assertTrue(metrics.contains("celerity_service_primary{service=\"echo\"} 1\n"), metrics);
        assertTrue(metrics.contains("celerity_service_lease_token{service=\"echo\"} 2\n"), metrics);

        assertEquals("deposed", new Lease(false, true, 2).role(0));
        assertEquals("primary", new Lease(true, false, 2).role(0));
        assertFalse(metrics.contains("celerity_replica"), "no copies given, none reported");
    }
}
