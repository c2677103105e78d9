package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import io.celerity.fixtures.TickRelay;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The Prometheus endpoint serves each service's counters and its latencies since the previous scrape. */
class MetricsEndpointTest {

    @TempDir
    Path dir;

    @Test
    void servesCountersAndPerHopLatencies() throws IOException, InterruptedException {
        try (ServiceHost host = ServiceHost.start(echo().metricsPort(0).build())) {
            writeFiveTicks(host, "echo");

            String first = scrape(host.metricsPort());
            assertTrue(first.contains("# TYPE celerity_inputs_total counter"), first);
            assertTrue(first.contains("celerity_inputs_total{service=\"echo\"} 5\n"), first);
            assertTrue(first.contains("celerity_outputs_total{service=\"echo\"} 5\n"), first);
            assertTrue(first.contains("celerity_latency_seconds_count{service=\"echo\",hop=\"service\"} 5\n"), first);
            assertTrue(first.matches("(?s).*celerity_latency_seconds\\{service=\"echo\",hop=\"service\",quantile=\"0.99\"} "
                    + "[0-9.E-]+\n.*"), first);

            String second = scrape(host.metricsPort());
            assertTrue(second.contains("celerity_inputs_total{service=\"echo\"} 5\n"), "counters stay: " + second);
            assertTrue(second.contains("celerity_latency_seconds_count{service=\"echo\",hop=\"service\"} 0\n"),
                    "latencies are per interval: " + second);
        }
    }

    @Test
    void timesTheQueueHopOfInputsThatCarryMessageHistory() throws IOException, InterruptedException {
        CelerityConfig config = echo().queue("relayed", dir.resolve("relayed"))
                .service(ServiceConfig.of("relay", TickRelay.class, List.of("echoes"), "relayed"))
                .metricsPort(0)
                .build();
        try (ServiceHost host = ServiceHost.start(config)) {
            writeFiveTicks(host, "relay");

            String text = scrape(host.metricsPort());
            // the echo's inputs come from a plain producer, with no history: no queue hop is known for them
            assertTrue(text.contains("celerity_latency_seconds_count{service=\"echo\",hop=\"queue\"} 0\n"), text);
            assertTrue(text.contains("celerity_latency_seconds_count{service=\"relay\",hop=\"queue\"} 5\n"), text);
            assertTrue(text.matches("(?s).*celerity_latency_seconds\\{service=\"relay\",hop=\"queue\",quantile=\"0.5\"} "
                    + "[0-9.E-]+\n.*"), text);
        }
    }

    @Test
    void isOffUnlessConfigured() {
        try (ServiceHost host = ServiceHost.start(echo().build())) {
            assertEquals(-1, host.metricsPort());
        }
    }

    private CelerityConfig.Builder echo() {
        return CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("echoes", dir.resolve("echoes"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "echoes"));
    }

    // Returns once service {@code last} has taken all five.
    private void writeFiveTicks(ServiceHost host, String last) {
        try (ChronicleQueue ticks = Queues.open(dir.resolve("ticks"))) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            for (int i = 1; i <= 5; i++)
                writer.tick(new Tick().set(1, i, i));
        }
        Queues.await("five ticks through " + last, Duration.ofSeconds(10), () -> host.stats(last).inputs() == 5);
    }

    static String scrape(int port) throws IOException, InterruptedException {
        return scrape(HttpClient.newHttpClient(), port);
    }

    static String scrape(HttpClient client, int port) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain; version=0.0.4"));
        return response.body();
    }
}
