package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import io.celerity.internal.dispatch.Heartbeat;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptTailer;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A quiet service writes heartbeats; readers and restarts pass over them. */
class HeartbeatTest {

    @TempDir
    Path dir;

    @Test
    void aQuietServiceBeatsAndNeitherDownstreamNorARestartMistakesTheBeatsForOutput() {
        // echo writes heartbeats on 'echoes'; relay reads 'echoes', so it sees them as inputs it must skip.
        ServiceConfig echo = ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "echoes")
                .withHeartbeat(Duration.ofMillis(20));
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("echoes", dir.resolve("echoes"))
                .queue("relayed", dir.resolve("relayed"))
                .service(echo)
                .service(ServiceConfig.of("relay", Relay.class, List.of("echoes"), "relayed"))
                .build();
        try (ChronicleQueue ticks = Queues.open(dir.resolve("ticks"))) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            try (ServiceHost host = ServiceHost.start(config)) {
                writer.tick(new Tick().set(1, 1, 10));
                writer.tick(new Tick().set(1, 2, 20));
                Queues.await("heartbeats after the ticks", Duration.ofSeconds(10), () -> heartbeats() >= 3);
                assertEquals(2, host.stats("echo").outputs(), "heartbeats are not counted as outputs");
                assertEquals(2, host.stats("relay").inputs(), "a heartbeat read is not an input");
                assertEquals(0, host.stats("relay").badMessages(), "nor a bad message");
            }
            try (ServiceHost host = ServiceHost.start(config)) {
                writer.tick(new Tick().set(1, 3, 30));
                Queues.await("the third tick relayed", Duration.ofSeconds(10), () -> host.stats("relay").inputs() >= 1);
                assertEquals(1, host.stats("echo").inputs(), "resumed after the last tick, not before a heartbeat");
            }
        }
        List<Long> relayed = new ArrayList<>();
        Queues.readAll(dir.resolve("relayed"), (TickOut) t -> relayed.add(t.seq));
        assertEquals(List.of(1L, 2L, 3L), relayed, "each tick relayed once");
    }

    private long heartbeats() {
        long n = 0;
        try (ChronicleQueue q = Queues.open(dir.resolve("echoes")); ExcerptTailer t = q.createTailer()) {
            while (true) {
                try (DocumentContext dc = t.readingDocument()) {
                    if (!dc.isPresent())
                        return n;
                    if (Heartbeat.EVENT.contentEquals(dc.wire().readEvent(String.class)))
                        n++;
                }
            }
        }
    }

    /** Passes echoed ticks on. */
    public static final class Relay implements TickOut {
        private final TickOut out;

        public Relay(TickOut out) {
            this.out = out;
        }

        @Override
        public void echoed(Tick tick) {
            out.echoed(tick);
        }
    }
}
