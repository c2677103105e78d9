package io.celerity.host;

import io.celerity.config.CelerityConfig;
import io.celerity.config.ServiceConfig;
import io.celerity.fixtures.Queues;
import io.celerity.fixtures.Tick;
import io.celerity.fixtures.TickEcho;
import io.celerity.fixtures.TickIn;
import net.openhft.chronicle.queue.ChronicleQueue;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * A real Prometheus server scrapes a running host, and its own query API returns the series. Needs the
 * {@code prometheus} binary (Debian package {@code prometheus}); CI installs it and sets
 * {@code CELERITY_REQUIRE_PROMETHEUS=true} so that a missing binary fails instead of skipping.
 */
class PrometheusScrapeTest {

    @TempDir
    Path dir;

    @Test
    void prometheusScrapesTheHostAndAnswersQueriesAboutIt() throws Exception {
        Path prometheus = findPrometheus();
        CelerityConfig config = CelerityConfig.builder()
                .queue("ticks", dir.resolve("ticks")).queue("echoes", dir.resolve("echoes"))
                .service(ServiceConfig.of("echo", TickEcho.class, List.of("ticks"), "echoes"))
                .metricsPort(0)
                .build();
        int prometheusPort = freePort();
        try (ServiceHost host = ServiceHost.start(config);
             ChronicleQueue ticks = Queues.open(dir.resolve("ticks"))) {
            TickIn writer = ticks.methodWriter(TickIn.class);
            for (int i = 1; i <= 7; i++)
                writer.tick(new Tick().set(1, i, i));
            Queues.await("seven ticks", Duration.ofSeconds(10), () -> host.stats("echo").inputs() == 7);

            Path yml = Files.writeString(dir.resolve("prometheus.yml"), """
                    global:
                      scrape_interval: 1s
                    scrape_configs:
                      - job_name: celerity
                        static_configs:
                          - targets: ["127.0.0.1:%d"]
                    """.formatted(host.metricsPort()));
            Process server = new ProcessBuilder(prometheus.toString(), "--config.file=" + yml,
                    "--storage.tsdb.path=" + dir.resolve("tsdb"), "--web.listen-address=127.0.0.1:" + prometheusPort)
                    .redirectErrorStream(true).redirectOutput(dir.resolve("prometheus.log").toFile()).start();
            try {
                String inputs = awaitValue(prometheusPort, "celerity_inputs_total{service=\"echo\",job=\"celerity\"}",
                        "\"7\"");
                assertTrue(inputs.contains("\"instance\":\"127.0.0.1:" + host.metricsPort() + "\""), inputs);
                String latency = awaitValue(prometheusPort,
                        "sum(celerity_latency_seconds_count{service=\"echo\",hop=\"service\"})", "\"result\":[{");
                assertTrue(latency.matches("(?s).*\"value\":\\[[0-9.]+,\"[0-9]+\"].*"), latency);
            } finally {
                server.destroy();
                server.waitFor();
            }
        }
    }

    /** Queries Prometheus until the answer contains {@code expected}; returns that answer. */
    private String awaitValue(int port, String query, String expected) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI uri = URI.create("http://127.0.0.1:" + port + "/api/v1/query?query="
                + URLEncoder.encode(query, StandardCharsets.UTF_8));
        String last = "(no answer)";
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline) {
            try {
                last = http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()).body();
                if (last.contains(expected))
                    return last;
            } catch (IOException notUpYet) {
                last = notUpYet.toString();
            }
            Thread.sleep(250);
        }
        return fail("Prometheus never answered " + query + " with " + expected + "; last answer: " + last
                + "\nlog: " + Files.readString(dir.resolve("prometheus.log")));
    }

    private static Path findPrometheus() {
        Path found = Stream.concat(Stream.of(System.getenv("PATH").split(":")), Stream.of("/usr/bin", "/usr/local/bin"))
                .map(d -> Path.of(d, "prometheus")).filter(Files::isExecutable).findFirst().orElse(null);
        if (found == null && ("true".equals(System.getenv("CELERITY_REQUIRE_PROMETHEUS"))
                || Boolean.getBoolean("celerity.require.prometheus")))
            fail("the prometheus binary is not installed (apt-get install prometheus)");
        Assumptions.assumeTrue(found != null, "the prometheus binary is not installed (apt-get install prometheus)");
        return found;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
