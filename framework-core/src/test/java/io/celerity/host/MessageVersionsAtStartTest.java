package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickIn;
import io.celerity.internal.schema.ReadableAtStart;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A new version of a service whose classes misread the documents already in its queues is refused before it starts;
 * a bad message among good ones is not a reason to refuse, and stays the service's to count.
 */
class MessageVersionsAtStartTest {

    @TempDir
    Path dir;

    /** A tick as an older version wrote it: its stream only (the current Tick appended seq and value, unguarded). */
    private void writeOlderTicks(ChronicleQueue q, int n) {
        try (ExcerptAppender appender = q.createAppender()) {
            for (int i = 0; i < n; i++)
                try (DocumentContext dc = appender.writingDocument()) {
                    dc.wire().write("tick").bytesMarshallable(b -> b.writeLong(7));
                }
        }
    }

    private CelerityConfig config() {
        return CelerityConfig.builder().queue("ticks", dir.resolve("ticks")).queue("counts", dir.resolve("counts"))
                .service(ServiceConfig.of("counter", TickCounter.class, List.of("ticks"), "counts")).build();
    }

    @Test
    void aVersionThatCannotReadAnyTickInItsInputIsRefusedNamingServiceQueueIndexAndNothingIsWritten() {
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            writeOlderTicks(q, 3);
        }
        ReadableAtStart.IncompatibleMessages refused = assertThrows(ReadableAtStart.IncompatibleMessages.class,
                () -> ServiceHost.start(config()).close());
        assertTrue(refused.getMessage().contains("nothing was started") && refused.getMessage().contains(
                "service 'counter', queue 'ticks', index 0x") && refused.getMessage().contains("event 'tick' ("
                + Tick.class.getName() + ") does not read"), refused.getMessage());
        assertFalse(Files.exists(dir.resolve("counts")) && Queues.count(dir.resolve("counts")) > 0,
                "the refused version wrote nothing");
    }

    @Test
    void oneBadTickAmongGoodOnesIsNoVersionProblemTheServiceStartsAndCountsIt() {
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            TickIn writer = q.methodWriter(TickIn.class);
            writer.tick(new Tick().set(1, 1, 10));
            writeOlderTicks(q, 1);
            writer.tick(new Tick().set(1, 2, 20));
        }
        try (ServiceHost host = ServiceHost.start(config())) {
            Queues.await("3 inputs", Duration.ofSeconds(20), () -> host.stats("counter").inputs() == 3);
            assertEquals(1, host.stats("counter").badMessages());
        }
    }
}
