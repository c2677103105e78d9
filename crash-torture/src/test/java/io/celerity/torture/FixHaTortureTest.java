package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A small run of the FIX gateway's torture in the build: its primary killed, stopped and (between namespaces) cut off
 * mid-flow, once each; the standby takes the session over each time and the client loses nothing, receives nothing
 * twice as new and nothing other than an uninterrupted run's answers. {@code --fix-ha} of the crash torture runs 50.
 */
class FixHaTortureTest {

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void theStandbyTakesTheSessionOverFromAKilledStoppedOrCutOffPrimaryLosingNothing() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b", "c", "x")) {
            List<HaFault> faults = new ArrayList<>();
            for (HaFault.Kind kind : FixHaTorture.kinds(hosts))
                faults.add(new HaFault(kind, 1_000, kind == HaFault.Kind.KILL ? 0 : 3_000));
            FixHaTorture.Summary s = new FixHaTorture(600, 200, List.of("-XX:TieredStopAtLevel=1"))
                    .run(dir, hosts, faults, 0, System.out);
            assertEquals(0, s.lost(), "answers lost");
            assertEquals(0, s.twice(), "answers sent twice as new");
            assertEquals(0, s.differing(), "answers unlike the uninterrupted run's");
            assertEquals(0, s.failed(), "failed trials (kept in " + dir + ")");
        }
    }
}
