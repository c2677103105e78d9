package io.celerity.internal.replication;

import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;

import static io.celerity.internal.replication.HostRuns.LIVENESS;
import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.start;
import static io.celerity.internal.replication.HostRuns.tail;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sink host whose address does not resolve (a typo under {@code hosts}): the source's host starts and runs its
 * agent and service as if the queue were not copied, and says once which queue, host and endpoint it cannot send to
 * and why, asking the media driver again every second.
 */
class WrongEndpointTest {

    private static final int TICKS = 2_000; // ten seconds at 200/s: many retries

    @TempDir
    Path dir;

    @Test
    void aSinkAddressThatDoesNotResolveIsReportedOnceAndTheSourceRunsOn() throws Exception {
        try (Hosts hosts = Hosts.create("b")) {
            String yaml = HostRuns.pacedEchoOnB("  a: { address: no-such-host.invalid, port: 40151 }\n"
                    + "  b: { address: " + hosts.host("b").address() + ", port: 40152 }\n", TICKS, 200);
            Files.writeString(dir.resolve("services.yaml"), yaml);
            HostProcess hostB = start(hosts.host("b"), dir);
            awaitDocuments(dir.resolve("q/out"), TICKS); // written and answered on b all along
            String log = hostB.logText();
            Pattern refused = Pattern.compile("queue 'ticks', sink 1 \\(host a\\): cannot send to "
                    + Pattern.quote("aeron:udp?endpoint=no-such-host.invalid:40151") + " stream \\d+ \\(the sink "
                    + "host's address and port under hosts\\): .*UnknownHostException.*; trying again every second");
            assertEquals(1, refused.matcher(log).results().count(), "said once, though retried:\n" + tail(hostB));
            assertTrue(hostB.isAlive(), tail(hostB));
        }
    }
}
