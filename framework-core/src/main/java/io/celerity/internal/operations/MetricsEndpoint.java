package io.celerity.internal.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.celerity.extension.MetricsSection;
import io.celerity.internal.dispatch.ServiceCounters;
import io.celerity.internal.dispatch.HopLatency;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.ToLongFunction;

/**
 * Serves each service's counters and latencies, and the extensions' sections (e.g. each queue copy's acknowledged index
 * and lag), in Prometheus text format at {@code /metrics}, on the JDK's own HTTP server and its own thread: scraping never touches a loop thread.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};

    private final HttpServer server;
    private final Map<String, ServiceCounters> stats;
    private final Map<String, HopLatency> latencies;
    private final List<MetricsSection> sections;

    public MetricsEndpoint(int port, Map<String, ServiceCounters> stats, Map<String, HopLatency> latencies) throws IOException {
        this(port, stats, latencies, List.of());
    }

    /** @param sections the extensions' metrics, rendered after the services' */
    public MetricsEndpoint(int port, Map<String, ServiceCounters> stats, Map<String, HopLatency> latencies,
                           List<MetricsSection> sections) throws IOException {
        this.stats = stats;
        this.latencies = latencies;
        this.sections = List.copyOf(sections);
        server = HttpServer.create(new InetSocketAddress(port), 0);
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "celerity-metrics");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/metrics", this::serve);
        server.start();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    private void serve(HttpExchange exchange) throws IOException {
        byte[] body = render().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** The exposition text: counters, then a summary per service and hop over the interval since the last scrape. */
    String render() {
        StringBuilder text = new StringBuilder();
        counter(text, "celerity_inputs_total", "Inputs processed.", ServiceCounters::inputs);
        counter(text, "celerity_outputs_total", "Output documents written, acknowledgements included.",
                ServiceCounters::outputs);
        counter(text, "celerity_handler_errors_total", "Exceptions thrown by the component.",
                ServiceCounters::handlerErrors);
        counter(text, "celerity_bad_messages_total", "Inputs that could not be decoded, or named no event.",
                ServiceCounters::badMessages);
        counter(text, "celerity_timer_ticks_total", "Timer method calls.", ServiceCounters::timerTicks);
        text.append("# HELP celerity_latency_seconds Latency since the previous scrape: hop=\"queue\" from the upstream "
                + "write to this service's read, hop=\"service\" from the read to the output committed.\n");
        text.append("# TYPE celerity_latency_seconds summary\n");
        latencies.forEach((service, latency) -> {
            summary(text, service, "queue", latency.queueInterval());
            summary(text, service, "service", latency.serviceInterval());
        });
        for (MetricsSection section : sections)
            section.appendTo(text);
        return text.toString();
    }

    private void counter(StringBuilder text, String name, String help, ToLongFunction<ServiceCounters> value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(" counter\n");
        stats.forEach((service, s) -> text.append(name).append("{service=\"").append(service).append("\"} ")
                .append(value.applyAsLong(s)).append('\n'));
    }

    private static void summary(StringBuilder text, String service, String hop, Histogram h) {
        String labels = "service=\"" + service + "\",hop=\"" + hop + "\"";
        for (double q : QUANTILES)
            text.append("celerity_latency_seconds{").append(labels).append(",quantile=\"").append(q).append("\"} ")
                    .append(h.getTotalCount() == 0 ? "NaN" : seconds(h.getValueAtPercentile(q * 100))).append('\n');
        text.append("celerity_latency_seconds_sum{").append(labels).append("} ")
                .append(seconds((long) (h.getMean() * h.getTotalCount()))).append('\n');
        text.append("celerity_latency_seconds_count{").append(labels).append("} ").append(h.getTotalCount()).append('\n');
    }

    private static String seconds(long nanos) {
        return Double.toString(nanos / 1e9);
    }

    @Override
    public void close() {
        server.stop(0);
        ((java.util.concurrent.ExecutorService) server.getExecutor()).shutdownNow();
    }
}
