package io.celerity.internal.replication;

import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.celerity.internal.replication.HostRuns.LIVENESS;
import static io.celerity.internal.replication.HostRuns.awaitDocuments;
import static io.celerity.internal.replication.HostRuns.start;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A source whose sink's endpoint answers nothing (host a's address, where no process listens yet): host b's agent
 * and service go on writing their queues as if it were not copied, host b says once, after 5 s, which queue and
 * endpoint it cannot reach and keeps trying, and host a, once started, receives the whole queue.
 */
class UnreachableSinkTest {

    private static final int TICKS = 2_000; // ten seconds at 200/s: longer than LinkWatch's 5 s
    private static final int PORT_A = 40141;

    @TempDir
    Path dir;

    @Test
    void theSourceServesItsWritersSaysOnceWhatItCannotReachAndTheSinkCatchesUpWhenItComesUp() throws Exception {
        try (Hosts hosts = Hosts.create("a", "b")) {
            Path a = deploy(hosts, "a");
            Path b = deploy(hosts, "b");
            HostProcess hostB = start(hosts.host("b"), b);
            awaitDocuments(b.resolve("q/out"), TICKS); // every tick written and answered on b, its replica unreachable
            String endpoint = "aeron:udp?endpoint=" + hosts.host("a").address() + ":" + PORT_A;
            Pattern warning = Pattern.compile("queue 'ticks', sink 1 \\(host a\\): no connection to "
                    + Pattern.quote(endpoint) + " stream \\d+ for \\d+ s; still trying"); // 5 s, later on a starved loop
            hostB.awaitLine(warning, LIVENESS);
            Thread.sleep(6_000); // time must pass: more than another 5 s of silence, in which a repeat would be due
            assertFalse(Files.exists(a.resolve("q/ticks")), "nothing on host a yet");

            start(hosts.host("a"), a);
            awaitDocuments(a.resolve("q/ticks"), TICKS);
            QueueComparison.Result copy = QueueComparison.compare(b.resolve("q/ticks"), a.resolve("q/ticks"));
            assertTrue(copy.same(), copy.toString());
            hostB.awaitLine(Pattern.compile("queue 'ticks', sink 1 \\(host a\\): no connection to .*: connected again"),
                    LIVENESS);
            // the loop that would repeat the warning saw the silence end: it watched all of it, said once
            assertEquals(1, count(warning, hostB.logText()), "said once:\n" + HostRuns.tail(hostB));
        }
    }

    private static int count(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        int n = 0;
        while (m.find())
            n++;
        return n;
    }

    private Path deploy(Hosts hosts, String name) throws IOException {
        Path home = Files.createDirectories(dir.resolve(name));
        String yaml = HostRuns.pacedEchoOnB("  a: { address: " + hosts.host("a").address() + ", port: " + PORT_A + " }\n"
                + "  b: { address: " + hosts.host("b").address() + ", port: 40142 }\n", TICKS, 200);
        Files.writeString(home.resolve("services.yaml"), yaml);
        return home;
    }
}
