package io.celerity.internal.replication;

import net.openhft.chronicle.queue.RollCycles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A sink whose source's address does not resolve starts all the same, and says so naming the queue, the sink and the
 * endpoint: its control publication is made in its passes, not in its start, which failed and took the host's start
 * with it, naming neither (found by review).
 */
class UnresolvableSourceTest {

    @TempDir
    Path dir;

    @Test
    void aSinkWhoseSourceDoesNotResolveStartsAndSaysWhichEndpointItCannotSendTo() {
        PrintStream stderr = System.err;
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        // slf4j-simple writes to whatever System.err is at each line; what it wrote is shown at the end.
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try (Link link = new Link(dir, RollCycles.FAST_DAILY)) {
            Endpoint control = Endpoint.udp("no-such-host.invalid:40161", 1001);
            link.sink = Side.sink(dir.resolve("b/aeron"), link.openSink(), Link.SINK, link.data(), control);
            String expected = "queue 'orders', sink " + Link.SINK + ": cannot send to " + control.channel()
                    + " stream 1001 (the source host's address and port under hosts)";
            Link.await("the refusal logged", Duration.ofSeconds(60),
                    () -> log.toString(StandardCharsets.UTF_8).contains(expected));
            link.sink.awaitPasses(100); // it runs on after the refusal: any error would have come by now
            assertTrue(link.sink.errors.isEmpty(), "the sink started and runs: " + link.sink.errors);
            assertTrue(link.sink.thread().isAlive(), "the sink's thread runs");
        } finally {
            System.setErr(stderr);
            stderr.print(log.toString(StandardCharsets.UTF_8));
        }
    }
}
