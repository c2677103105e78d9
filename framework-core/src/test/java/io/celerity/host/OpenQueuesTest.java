package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.config.StateRebuild;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickCounter;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickOut;
import io.celerity.internal.schema.ReadableAtStart;
import net.openhft.chronicle.bytes.MethodReader;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Hosts started one after another on queues opened once, as a restart test starts them. */
class OpenQueuesTest {

    private static final Duration LIVENESS = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private CelerityConfig config(String output) {
        return CelerityConfig.builder().queue("ticks", dir.resolve("ticks")).queue(output, dir.resolve(output))
                .service(ServiceConfig.of("counter", TickCounter.class, List.of("ticks"), output)
                        .withRebuild(StateRebuild.REPLAY_INPUTS)).build();
    }

    private static HostOptions borrowing(OpenQueues queues) {
        return HostOptions.defaults().withQueues(queues);
    }

    @Test
    void aHostAfterACrashResumesAfterTheLastInputProcessedWithItsStateRebuiltAndTheQueuesOutliveBoth() {
        CelerityConfig config = config("counts");
        try (OpenQueues queues = OpenQueues.open(config, SystemTimeProvider.CLOCK)) {
            TickIn ticks = queues.get("ticks").methodWriter(TickIn.class);
            ticks.tick(new Tick().set(1, 1, 0));
            ticks.tick(new Tick().set(1, 2, 0));
            ServiceHost first = ServiceHost.start(config, borrowing(queues));
            Queues.await("2 inputs", LIVENESS, () -> first.stats("counter").inputs() == 2);
            first.crash();
            first.close();

            ticks.tick(new Tick().set(1, 3, 0)); // the queues still take writes after the host closed
            try (ServiceHost second = ServiceHost.start(config, borrowing(queues))) {
                Queues.await("the third input", LIVENESS, () -> second.stats("counter").outputs() == 1);
                assertEquals(1, second.stats("counter").inputs(), "only the input the first host had not processed");
            }
            List<Long> counts = new ArrayList<>();
            MethodReader reader = queues.get("counts").createTailer()
                    .methodReader((TickOut) tick -> counts.add(tick.value));
            while (reader.readOne()) {
                // each answer read into counts
            }
            assertEquals(List.of(1L, 2L, 3L), counts, "one answer per tick, the third counted on from the replay");
        }
    }

    @Test
    void documentsThatMisreadWrittenAfterAnEarlierHostCheckedTheQueueAreStillRefused() {
        CelerityConfig config = config("counts");
        try (OpenQueues queues = OpenQueues.open(config, SystemTimeProvider.CLOCK)) {
            ServiceHost.start(config, borrowing(queues)).close(); // its start check read the queues as they were
            try (ExcerptAppender appender = queues.get("ticks").createAppender()) {
                for (int i = 0; i < 3; i++) // as an older version wrote a tick: its stream only
                    try (DocumentContext dc = appender.writingDocument()) {
                        dc.wire().write("tick").bytesMarshallable(b -> b.writeLong(7));
                    }
            }
            ReadableAtStart.IncompatibleMessages refused = assertThrows(ReadableAtStart.IncompatibleMessages.class,
                    () -> ServiceHost.start(config, borrowing(queues)).close());
            assertTrue(refused.getMessage().contains("service 'counter', queue 'ticks'"), refused.getMessage());
        }
    }

    @Test
    void aHostOfAnotherConfigurationIsRefusedTheOpenQueuesEvenWithTheSameQueues() {
        try (OpenQueues queues = OpenQueues.open(config("counts"), SystemTimeProvider.CLOCK)) {
            // Its keys, services and part decide what its view of the queues does: the same queues are not enough.
            IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                    () -> ServiceHost.start(config("counts"), borrowing(queues)).close());
            assertTrue(refused.getMessage().contains("opened with another configuration"), refused.getMessage());
        }
    }
}
