package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.config.QueueConfig;
import io.celerity.config.Replication;
import io.celerity.internal.replication.ReplicationStatusFile;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The part of {@code celerity status --host} about copied queues, from the status file each copied queue's host
 * writes beside it: at the source, a row per sink (its acknowledged index, the documents it lacks, its resumes); at a
 * sink, the replica's last index and resumes; and why copying stopped, if it did (a divergence, another roll cycle).
 */
final class ReplicationStatus {

    private static final String ROW = "%-20s %-10s %-28s %14s %14s %10s %8s  %s%n";

    private ReplicationStatus() {
    }

    static void print(CelerityConfig config, String host) throws IOException {
        boolean header = false;
        for (QueueConfig q : config.queues().values()) {
            Replication r = q.replication();
            if (r == null || r.replicas().isEmpty() || !r.availableOn(host))
                continue;
            if (!header) {
                System.out.println();
                System.out.printf(ROW, "copied queue", "copy", "state", "last index", "acked index", "lag", "resumes",
                        "failure");
                header = true;
            }
            Optional<Map<String, Object>> status = ReplicationStatusFile.read(ReplicationStatusFile.of(config, q.name()));
            // A highly available service's output is written where its primary is now: the file says which side.
            boolean atSource = status.map(s -> "source".equals(s.get("role"))).orElse(r.source().equals(host));
            if (atSource)
                for (String sink : sinks(r, status))
                    printSink(q.name(), sink, status);
            else
                printReplica(q.name(), status.map(s -> (String) s.get("source")).orElse(r.source()), status);
        }
    }

    private static Iterable<String> sinks(Replication r, Optional<Map<String, Object>> status) {
        return status.map(s -> s.get("sinks")).filter(m -> m instanceof Map<?, ?>)
                .map(m -> ((Map<?, ?>) m).keySet().stream().map(String::valueOf).toList()).orElse(r.replicas());
    }

    @SuppressWarnings("unchecked")
    private static void printSink(String queue, String sink, Optional<Map<String, Object>> status) {
        if (status.isEmpty()) {
            System.out.printf(ROW, queue, "to " + sink, "not started", "-", "-", "-", "-", "");
            return;
        }
        Map<String, Object> s = status.get();
        Object sinks = s.get("sinks");
        Map<String, Object> link = sinks instanceof Map<?, ?> m && m.get(sink) instanceof Map<?, ?> l
                ? (Map<String, Object>) l : Map.of();
        System.out.printf(ROW, queue, "to " + sink, state(s, link), index(s.get("lastIndex")),
                index(link.get("ackedIndex")), count(link.get("lag")), count(link.get("resumes")),
                link.getOrDefault("failure", ""));
    }

    private static void printReplica(String queue, String source, Optional<Map<String, Object>> status) {
        if (status.isEmpty()) {
            System.out.printf(ROW, queue, "from " + source, "not started", "-", "-", "-", "-", "");
            return;
        }
        Map<String, Object> s = status.get();
        System.out.printf(ROW, queue, "from " + source, state(s, s), index(s.get("lastIndex")), "-", "-",
                count(s.get("resumes")), s.getOrDefault("failure", ""));
    }

    private static String state(Map<String, Object> status, Map<String, Object> link) {
        String notRunning = StatusCommand.notRunning(status);
        if (notRunning != null)
            return notRunning;
        return link.get("failure") != null ? "FAILED" : "running";
    }

    private static String index(Object value) {
        if (!(value instanceof Number n))
            return "-";
        return n.longValue() < 0 ? "none" : String.format("0x%x", n.longValue());
    }

    private static String count(Object value) {
        return value instanceof Number n ? (n.longValue() < 0 ? "?" : String.format("%,d", n.longValue())) : "-";
    }
}
