package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.fixtures.Cli;
import io.celerity.fixtures.AvailableDeployment;
import io.celerity.fixtures.TickEcho;
import io.celerity.internal.replication.HighAvailabilityStatusFile;
import io.celerity.internal.replication.ClusterRole;
import io.celerity.internal.replication.LeaseGate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code celerity status --host b} of a deployment with a cluster: host b's member (role, term, leader, role changes)
 * and, per highly available service it runs, whether it is primary, standby or deposed, from the file host b writes.
 */
class HighAvailabilityStatusTest {

    @TempDir
    Path dir;

    private record Member(String role, long term, String leader, long roleChanges) implements ClusterRole {
    }

    private record Standby(long token) implements LeaseGate {

        @Override
        public State state(long nowNanos) {
            return State.CLOSED;
        }

        @Override
        public String why(long nowNanos) {
            return "host c holds the lease (token 1)";
        }
    }

    @Test
    void showsTheMembersRoleAndWhetherTheHostIsPrimaryOrStandby() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"),
                AvailableDeployment.of("echo", TickEcho.class).yaml()); // primary c, standby b
        String before = Cli.run("status", "--host", "b", yaml.toString()).out();
        assertTrue(before.contains("high availability: host b has not run yet"), before);

        CelerityConfig b = CelerityConfig.loadWithoutComponents(yaml).onHost("b");
        HighAvailabilityStatusFile.write(b, new Member("LEADER", 4, "b", 3), Map.of("echo", new Standby(0)),
                "running");
        Cli.Result status = Cli.run("status", "--host", "b", yaml.toString());
        assertEquals(0, status.status(), status.err());
        String text = status.out();
        assertTrue(text.contains("\necho "), "the standby's service is listed on its host: " + text);
        assertTrue(text.contains("cluster member b: LEADER in term 4 (leader b), 3 role change(s)\n"), text);
        assertTrue(text.matches("(?s).*\necho +standby +0 +host c holds the lease \\(token 1\\)\n.*"), text);
    }
}
