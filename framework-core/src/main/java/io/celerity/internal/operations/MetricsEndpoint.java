package io.celerity.internal.operations;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.celerity.host.ServiceStats;
import io.celerity.internal.dispatch.HopLatency;
import io.celerity.internal.replication.ClusterRole;
import io.celerity.internal.replication.Primacy;
import io.celerity.internal.replication.ReplicaLink;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.function.ToLongFunction;

/**
 * Serves each service's counters and latencies, and each queue copy's acknowledged index and lag, in Prometheus text
 * format at {@code /metrics}, on the JDK's own HTTP server and its own thread: scraping never touches a loop thread.
 */
public final class MetricsEndpoint implements AutoCloseable {
    private static final double[] QUANTILES = {0.5, 0.9, 0.99, 0.999};

    private final HttpServer server;
    private final Map<String, ServiceStats> stats;
    private final Map<String, HopLatency> latencies;
    private final ReplicationReport replication; // null: this host copies no queue
    private final HighAvailabilityReport highAvailability; // null: no cluster

    public MetricsEndpoint(int port, Map<String, ServiceStats> stats, Map<String, HopLatency> latencies) throws IOException {
        this(port, stats, latencies, null);
    }

    /** @param replication the copies of this host's queues, to and from other hosts; null when it has none */
    public MetricsEndpoint(int port, Map<String, ServiceStats> stats, Map<String, HopLatency> latencies,
                           ReplicationReport replication) throws IOException {
        this(port, stats, latencies, replication, null);
    }

    /** @param highAvailability this host's part in high availability; null when there is no cluster */
    public MetricsEndpoint(int port, Map<String, ServiceStats> stats, Map<String, HopLatency> latencies,
                           ReplicationReport replication, HighAvailabilityReport highAvailability) throws IOException {
        this.stats = stats;
        this.latencies = latencies;
        this.replication = replication;
        this.highAvailability = highAvailability;
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
        counter(text, "celerity_inputs_total", "Inputs processed.", ServiceStats::inputs);
        counter(text, "celerity_outputs_total", "Output documents written, acknowledgements included.",
                ServiceStats::outputs);
        counter(text, "celerity_handler_errors_total", "Exceptions thrown by the component.",
                ServiceStats::handlerErrors);
        counter(text, "celerity_bad_messages_total", "Inputs that could not be decoded, or named no event.",
                ServiceStats::badMessages);
        counter(text, "celerity_timer_ticks_total", "Timer method calls.", ServiceStats::timerTicks);
        text.append("# HELP celerity_latency_seconds Latency since the previous scrape: hop=\"queue\" from the upstream "
                + "write to this service's read, hop=\"service\" from the read to the output committed.\n");
        text.append("# TYPE celerity_latency_seconds summary\n");
        latencies.forEach((service, latency) -> {
            summary(text, service, "queue", latency.queueInterval());
            summary(text, service, "service", latency.serviceInterval());
        });
        if (replication != null)
            replicas(text);
        if (highAvailability != null)
            highAvailability(text);
        return text.toString();
    }

    // Volatile reads of the cluster member's and the leases' views: nothing on a loop thread.
    private void highAvailability(StringBuilder text) {
        ClusterRole member = highAvailability.member();
        if (member != null) {
            gauge(text, "celerity_cluster_role", "gauge", "This host's cluster member: 2 leader, 1 candidate, 0 "
                    + "follower.", switch (member.role()) {
                        case "LEADER" -> 2;
                        case "CANDIDATE" -> 1;
                        default -> 0;
                    });
            gauge(text, "celerity_cluster_term", "gauge", "The latest leadership term the member has seen.",
                    member.term());
            gauge(text, "celerity_cluster_role_changes_total", "counter", "Times the member's role changed.",
                    member.roleChanges());
        }
        long now = System.nanoTime();
        serviceGauge(text, "celerity_service_primary", "1 while this host is the primary of a highly available "
                + "service (holds its lease), else 0.", p -> p.holds(now) ? 1 : 0);
        serviceGauge(text, "celerity_service_lease_token", "The fencing token of the lease this host holds or last "
                + "held (one more per takeover).", Primacy::token);
    }

    private void serviceGauge(StringBuilder text, String name, String help, ToLongFunction<Primacy> value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(" gauge\n");
        highAvailability.services().forEach((service, p) -> text.append(name).append("{service=\"").append(service)
                .append("\"} ").append(value.applyAsLong(p)).append('\n'));
    }

    private static void gauge(StringBuilder text, String name, String type, String help, long value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        text.append(name).append(' ').append(value).append('\n');
    }

    // Read from the replicators' volatile fields and the queues' ends: nothing on a loop thread.
    private void replicas(StringBuilder text) {
        replicaGauge(text, "celerity_replica_acked_index", "gauge", "At the source, the index a sink last acknowledged "
                + "holding all up to; at a sink, the replica's last index; -1: none.", ReplicaLink::ackedIndex);
        replicaGauge(text, "celerity_replica_lag", "gauge", "At the source, the documents a sink has not acknowledged "
                + "yet; -1 at a sink, where the source's end is not known.", replication::lag);
        replicaGauge(text, "celerity_replica_resumes_total", "counter", "Times the source moved to the sink's place "
                + "(a restart, a lost connection, a gap).", ReplicaLink::resumes);
        replicaGauge(text, "celerity_replica_failed", "gauge", "1 when copying stopped (a replica that diverged, another "
                + "roll cycle), else 0.", l -> l.failure() == null ? 0 : 1);
    }

    private void replicaGauge(StringBuilder text, String name, String type, String help, ToLongFunction<ReplicaLink> value) {
        text.append("# HELP ").append(name).append(' ').append(help).append('\n');
        text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
        for (ReplicaLink l : replication.links())
            text.append(name).append("{queue=\"").append(l.queue()).append("\",source=\"").append(l.source())
                    .append("\",sink=\"").append(l.sink()).append("\",side=\"").append(l.atSource() ? "source" : "sink")
                    .append("\"} ").append(value.applyAsLong(l)).append('\n');
    }

    private void counter(StringBuilder text, String name, String help, ToLongFunction<ServiceStats> value) {
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
