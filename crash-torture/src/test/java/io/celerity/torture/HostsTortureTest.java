package io.celerity.torture;

import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A short crash torture of the OMS over three hosts: each fault kind once (kill -9 of the source host a, of the sink
 * host c, host b's link cut for 2 s), and every answer is still given exactly once, the same as an uninterrupted
 * run's, and every replica equals its source byte for byte.
 */
class HostsTortureTest {

    private static final int REQUESTS = 3_000;
    private static final int PER_SECOND = 500; // six seconds of requests: the faults land while they flow

    @TempDir(cleanup = CleanupMode.ON_SUCCESS) // a failed trial's queues and logs stay, as its report says
    Path dir;

    @Test
    void killedHostsAndACutLinkLoseNothingRepeatNothingAndLeaveExactReplicas() throws Exception {
        HostsTorture torture = new HostsTorture(REQUESTS, PER_SECOND, 2, 500, List.of("-XX:TieredStopAtLevel=1"));
        List<List<Fault>> plans = List.of(
                List.of(Fault.killSink("c", 1_000), Fault.linkDown("b", 500, 2_000)),
                List.of(Fault.killSource(1_500)));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        HostsTorture.Summary summary = torture.run(dir, plans, 0, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String output = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(output);
        // a failed trial: stuck, or a host that stopped by itself or uncleanly
        assertEquals("lost 0, duplicated 0, differing 0, diverged 0, failed trials 0", summary.totals().toString(),
                output);
        assertTrue(output.contains("reference: 3,000 answers"), output);
        assertEquals(2, output.lines().filter(l -> l.startsWith("trial ") && l.contains("3,000 answers")).count(),
                output);
        assertEquals(1, summary.faults(Fault.Kind.KILL_SOURCE), output);
        assertEquals(1, summary.faults(Fault.Kind.KILL_SINK), output);
        boolean namespaces = output.contains("each in its own network namespace");
        assertEquals(namespaces ? 1 : 0, summary.faults(Fault.Kind.LINK_DOWN), "a link is cut only between "
                + "namespaces; this run: " + output);
    }
}
