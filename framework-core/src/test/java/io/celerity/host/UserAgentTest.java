package io.celerity.host;

import io.celerity.config.Affinity;
import io.celerity.config.AgentConfig;
import io.celerity.config.CelerityConfig;
import io.celerity.config.EventLoopConfig;
import io.celerity.config.PauserType;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.FailingAgent;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickSource;
import io.celerity.internal.loop.EventLoopThread;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.wire.VanillaMessageHistory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A user's Agrona agent runs on a configured loop beside services, and a failing one does not hold them up. */
class UserAgentTest {

    private static final Duration WAIT = Duration.ofSeconds(60); // liveness under load, not speed

    @TempDir
    Path dir;

    @Test
    void anAgentWritesEventsThatAServiceOnItsLoopReads() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .eventLoop(new EventLoopConfig("io", PauserType.YIELDING, Affinity.NONE))
                .agent(new AgentConfig("source", TickSource.class.getName(), "ticks", "io", Map.of("count", 100)))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "out").withEventLoop("io"))
                .build();
        TickSource source;
        try (ServiceHost host = ServiceHost.start(config)) {
            source = (TickSource) host.agent("source");
            assertEquals("celerity-io", source.startedOn, "onStart runs on the loop thread, before start returns");
            Queues.await("100 echoes", WAIT, () -> host.stats("echo").outputs() == 100);
            assertEquals(100, host.stats("source").outputs());
            assertEquals(0, host.stats("source").handlerErrors());
        }
        assertEquals("celerity-io", source.closedOn, "onClose runs on the loop thread at shutdown");

        List<Long> seqs = new ArrayList<>();
        Queues.readAll(dir.resolve("ticks"), (TickIn) t -> seqs.add(t.seq));
        assertEquals(100, seqs.size());
        for (int i = 0; i < 100; i++)
            assertEquals(i, seqs.get(i));
        // Stamped with history like a service's outputs, but stemming from no input.
        List<VanillaMessageHistory> written = Queues.histories(dir.resolve("ticks"));
        assertEquals(100, written.size(), "every event carries message history");
        for (VanillaMessageHistory h : written) {
            assertEquals(0, h.sources(), "an agent's event has no input behind it: " + h);
            assertTrue(h.timings() >= 1, "write time: " + h);
        }
        int ticksSourceId = config.queues().get("ticks").sourceId();
        for (VanillaMessageHistory h : Queues.histories(dir.resolve("out")))
            assertEquals(ticksSourceId, h.lastSourceId(), "the echo records the agent's queue as its source: " + h);
    }

    @Test
    void aFailingAgentIsBackedOffOnItsOwnWhileAHealthyServiceOnItsLoopKeepsRunning() {
        int n = 2_000;
        try (ChronicleQueue q = Queues.open(dir.resolve("ticks"))) {
            TickIn w = q.methodWriter(TickIn.class);
            Tick t = new Tick();
            for (int i = 0; i < n; i++)
                w.tick(t.set(1, i, i));
        }
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .queue("out", dir.resolve("out"))
                .queue("junk", dir.resolve("junk"))
                .eventLoop(new EventLoopConfig("shared", PauserType.YIELDING, Affinity.NONE))
                .agent(AgentConfig.of("failing", FailingAgent.class, "junk").withEventLoop("shared"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "out").withEventLoop("shared"))
                .build();
        AtomicLong reported = new AtomicLong();
        HostOptions options = HostOptions.defaults().withErrorListener((service, input, index, error) -> {
            if (service.equals("failing") && input.equals("doWork") && error instanceof IllegalStateException)
                reported.incrementAndGet();
        });
        FailingAgent failing;
        long failures;
        try (ServiceHost host = ServiceHost.start(config, options)) {
            failing = (FailingAgent) host.agent("failing");
            // One input a pass: had the failure backed the whole loop off (up to 250 ms), this would take minutes.
            Queues.await(n + " echoes beside a failing agent", WAIT, () -> host.stats("echo").outputs() == n);
            Queues.await("the agent failing again", WAIT, () -> failing.calls() >= 3);
            assertEquals(0, host.stats("echo").handlerErrors());
            failures = host.stats("failing").handlerErrors();
        }
        int calls = failing.calls();
        assertTrue(calls >= 3 && failures >= 3, calls + " calls, " + failures + " failures counted");
        assertEquals(calls, reported.get(), "each failure reaches the error listener");
        assertTrue(Queues.histories(dir.resolve("out")).size() == n, "every input echoed once");
        // Retries are spaced by a back-off growing from 1 ms to 250 ms (lower bounds only: safe on a busy machine).
        long backOff = EventLoopThread.FIRST_BACK_OFF_NANOS;
        for (int i = 1; i < Math.min(calls, FailingAgent.KEPT_CALLS); i++) {
            long gap = failing.callNanos(i) - failing.callNanos(i - 1);
            assertTrue(gap >= backOff, "retry " + i + " came " + gap + " ns after the last; expected >= " + backOff);
            backOff = Math.min(2 * backOff, EventLoopThread.MAX_BACK_OFF_NANOS);
        }
    }

    @Test
    void anAgentThatCannotStartFailsTheHostsStartNamingIt() {
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks"))
                .agent(new AgentConfig("source", TickSource.class.getName(), "ticks", EventLoopConfig.DEFAULT_NAME,
                        Map.of("count", -1)))
                .build();
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> ServiceHost.start(config));
        assertTrue(e.getMessage().startsWith("agent 'source': onStart threw java.lang.IllegalArgumentException: "
                + "count -1"), e.getMessage());
    }
}
