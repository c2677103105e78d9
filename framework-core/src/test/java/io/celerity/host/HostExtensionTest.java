package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.extension.ExtensionContext;
import io.celerity.extension.HostExtension;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.TickEcho;
import io.celerity.time.UniqueTimestamps;
import net.openhft.chronicle.core.time.SystemTimeProvider;
import org.agrona.concurrent.Agent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The seam: the host starts an extension once its queues are open, runs its agent on the loop it names, writes its
 * status and serves its metrics, lets it stop the host with a reason, and closes or crashes it with the host.
 */
class HostExtensionTest {

    private static final Duration LIVENESS = Duration.ofSeconds(60);

    @TempDir
    Path dir;

    /** Records what the host did to it; its agent counts its passes. */
    private static final class Recording implements HostExtension {
        final List<String> calls = new CopyOnWriteArrayList<>();
        final List<String> states = new CopyOnWriteArrayList<>();
        final AtomicLong passes = new AtomicLong();
        volatile Consumer<String> stopHost;

        @Override
        public String name() {
            return "recording";
        }

        @Override
        public void beforeOpen(CelerityConfig config) {
            calls.add("beforeOpen");
        }

        @Override
        public Running start(ExtensionContext context) {
            calls.add("start: queue out open " + (context.queue("out") != null));
            context.runOnLoop("extension", new Agent() {
                @Override
                public int doWork() {
                    passes.incrementAndGet();
                    return 0;
                }

                @Override
                public String roleName() {
                    return "recording-agent";
                }
            });
            context.status(states::add);
            context.metrics(text -> text.append("# TYPE recording_passes counter\nrecording_passes ")
                    .append(passes.get()).append('\n'));
            stopHost = context.stopHost();
            return new Running() {
                @Override
                public void close() {
                    calls.add("close");
                }

                @Override
                public void crash() {
                    calls.add("crash");
                }
            };
        }
    }

    @Test
    void anExtensionIsStartedRunOnItsLoopReportedAndClosedWithTheHost() throws Exception {
        Recording extension = new Recording();
        CelerityConfig config = CelerityConfig.builder().metricsPort(0)
                .queue(QueueConfig.of("in", dir.resolve("in")))
                .queue(QueueConfig.of("out", dir.resolve("out")))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("in"), "out"))
                .build();
        try (ServiceHost host = ServiceHost.start(config, options(extension))) {
            assertEquals(List.of("beforeOpen", "start: queue out open true"), extension.calls);
            long passes = extension.passes.get();
            Queues.await("its agent's passes", LIVENESS, () -> extension.passes.get() > passes + 10);
            assertTrue(host.loopThread("extension").isAlive(), "its own loop, named as it asked");
            Queues.await("its status section written", LIVENESS, () -> extension.states.contains("running"));
            String metrics = MetricsEndpointTest.scrape(host.metricsPort());
            assertTrue(metrics.contains("celerity_inputs_total{service=\"echo\"} 0\n")
                    && metrics.contains("\nrecording_passes "), metrics);

            extension.stopHost.accept("the extension says so");
            host.awaitClose();
            assertEquals("the extension says so", host.stopReason().orElseThrow());
            assertEquals("close", extension.calls.get(extension.calls.size() - 1));
            assertTrue(extension.states.contains("stopped"), "its last status: " + extension.states);
        }
    }

    @Test
    void aCrashedHostCrashesItsExtensionsAndAClosedOneClosesThem() throws Exception {
        Recording extension = new Recording();
        CelerityConfig config = CelerityConfig.load(Queues.echoServicesYaml(dir));
        ServiceHost host = ServiceHost.start(config, options(extension));
        host.crash();
        assertEquals("crash", extension.calls.get(extension.calls.size() - 1));
        host.close();
        assertEquals("close", extension.calls.get(extension.calls.size() - 1));
    }

    @Test
    void aHostCopyingQueuesRefusesToStartWithoutTheReplicationExtension() throws Exception {
        Path yaml = Files.writeString(dir.resolve("services.yaml"), """
                hosts:
                  a: { address: 127.0.0.1, port: 40100 }
                  b: { address: 127.0.0.2, port: 40100 }
                queues:
                  in: { path: in, host: a }
                  out: { path: out, host: a, replicas: [ b ] }
                services:
                  echo: { implClass: %s, inputs: [ in ], output: out }
                """.formatted(TickEcho.class.getName()));
        Recording extension = new Recording();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> ServiceHost.start(CelerityConfig.load(yaml).onHost("a"), options(extension)).close());
        assertTrue(e.getMessage().contains("host 'a' copies queues to or from other hosts, but "
                + "io.celerity:celerity-framework-replication is not on the class path"), e.getMessage());
        assertEquals(List.of(), extension.calls, "refused before any extension was asked");
    }

    private static HostOptions options(HostExtension extension) {
        return HostOptions.defaults().withTimestamps(id -> UniqueTimestamps.inMemory(id, SystemTimeProvider.INSTANCE))
                .withExtensions(extension);
    }
}
