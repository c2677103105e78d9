package io.celerity.cli;

import io.celerity.config.CelerityConfig;
import io.celerity.internal.fix.FixStatusFile;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;

/**
 * The part of {@code celerity status} about FIX gateways, from the status file each gateway writes in its state
 * directory: per session, its state, the last MsgSeqNum in and out, messages in and out, rejects, and how long ago the
 * last message (a heartbeat included) came.
 */
final class FixStatus {

    private static final String ROW = "%-20s %-8s %-12s %-22s %10s %10s %10s %10s %8s  %s%n";

    private FixStatus() {
    }

    static void print(CelerityConfig config) throws IOException {
        if (config.section("fix").isEmpty())
            return;
        System.out.println();
        System.out.printf(ROW, "fix gateway", "role", "session", "state", "seq in", "seq out", "received", "sent", "rejected",
                "last message");
        Map<String, Map<String, Object>> all = FixStatusFile.readAll(config);
        if (all.isEmpty())
            System.out.println("(no gateway has written its status yet)");
        all.forEach((gateway, status) -> sessions(status).forEach((name, row) -> print(gateway, name, status, row)));
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Map<String, Object>> sessions(Map<String, Object> status) {
        Object sessions = status.get("sessions");
        return sessions instanceof Map ? (Map<String, Map<String, Object>>) sessions : Map.of();
    }

    private static void print(String gateway, String session, Map<String, Object> status, Map<String, Object> row) {
        long pid = number(status, "pid");
        boolean dead = pid != 0 && ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true);
        boolean stopped = dead || !"running".equals(status.get("state"));
        long last = number(row, "lastReceivedMillis");
        System.out.printf(ROW, gateway, status.getOrDefault("role", "only"), session, stopped ? "host " + (dead ? "dead" : status.get("state")) : row.get("state"),
                row.get("lastReceivedSeqNum"), row.get("lastSentSeqNum"), String.format("%,d", number(row, "received")),
                String.format("%,d", number(row, "sent")), row.get("rejected"),
                last == 0 ? "never" : ago(System.currentTimeMillis() - last));
    }

    private static long number(Map<String, Object> row, String key) {
        Object v = row.get(key);
        return v instanceof Number ? ((Number) v).longValue() : 0;
    }

    private static String ago(long millis) {
        Duration d = Duration.ofMillis(Math.max(0, millis));
        return d.toSeconds() < 120 ? d.toMillis() / 1000.0 + " s ago" : d.toMinutes() + " min ago";
    }
}
