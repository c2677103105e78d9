package io.celerity.torture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who is the primary of a highly available service, read from each host's current log as it grows: the host that
 * last said it took over, and which hosts stand by. Polled from the trial's thread. Each takeover is timed on
 * {@link System#nanoTime()}, the clock the outputs' message history uses on every host of this machine: when seen,
 * and when logged (the host logs with {@link #LOG_TIME_OPTIONS}, its wall clock mapped to this one).
 */
final class PrimaryWatch {

    /** The host JVM options that put the time on each log line, for {@link Takeover#loggedNanos()}. */
    static final List<String> LOG_TIME_OPTIONS = List.of("-Dorg.slf4j.simpleLogger.showDateTime=true",
            "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

    private final long wallMinusNanoTime = System.currentTimeMillis() * 1_000_000 - System.nanoTime();
    private final String tookOver;
    private final String standingBy;
    private final String candidate;
    private final Map<String, Followed> logs = new HashMap<>();
    private final List<Takeover> takeovers = new ArrayList<>();

    /** Watches {@code service}'s takeovers, and the eligibility its primary declares for its {@code output}. */
    PrimaryWatch(String service, String output) {
        this.tookOver = service + ": took over as primary";
        this.standingBy = service + ": standing by";
        this.candidate = "queue '" + output + "': candidate ";
    }

    /**
     * A host's process saying it took the service over, seen at {@code seenNanos}; logged at {@code loggedNanos} (to
     * the millisecond; {@code seenNanos} when the line has no time): after its lease began, before its first output.
     */
    record Takeover(String host, long seenNanos, long loggedNanos, String line) {
    }

    /** Reads what each host's current process has logged since the last poll. */
    void poll(OmsHosts oms) throws IOException {
        long now = System.nanoTime();
        for (String host : OmsHostsDeployment.HOSTS) {
            Path log = oms.process(host).log();
            Followed f = logs.get(host);
            if (f == null || !f.log.equals(log)) {
                f = new Followed(log);
                logs.put(host, f);
            }
            for (String line : f.newLines()) {
                if (line.contains(tookOver))
                    takeovers.add(new Takeover(host, now, loggedNanos(line, now), line));
                else if (line.contains(standingBy))
                    f.standingBy = true;
                else if (line.contains(candidate))
                    f.declared(line.substring(line.indexOf(candidate) + candidate.length()));
            }
        }
    }

    // The line's leading time, on System.nanoTime(); the fallback if it has none.
    long loggedNanos(String line, long fallback) {
        int space = line.indexOf(' ');
        if (space < 0)
            return fallback;
        try {
            long epochMillis = OffsetDateTime.parse(line.substring(0, space), LOG_TIME).toInstant().toEpochMilli();
            return epochMillis * 1_000_000 - wallMinusNanoTime;
        } catch (DateTimeParseException e) {
            return fallback;
        }
    }

    /** The host that last took over, or null before any did. */
    String primary() {
        return takeovers.isEmpty() ? null : takeovers.get(takeovers.size() - 1).host();
    }

    /** The first takeover seen after {@code nanos}, or null. */
    Takeover after(long nanos) {
        for (Takeover t : takeovers)
            if (t.seenNanos() - nanos > 0)
                return t;
        return null;
    }

    /** Whether the host's current process has said it stands by (and has not taken over since). */
    boolean standingBy(String host) {
        Followed f = logs.get(host);
        return f != null && f.standingBy && !host.equals(primary());
    }

    /**
     * Whether {@code primary}'s current process last saw the cluster confirm {@code standby} eligible to take over (its
     * copy of the output caught up): before that, a fault of the primary cannot be taken over.
     */
    boolean declaredEligible(String primary, String standby) {
        Followed f = logs.get(primary);
        return f != null && f.eligible.contains(standby);
    }

    int takeovers() {
        return takeovers.size();
    }

    /** One log file, read on from where the last read stopped, by complete lines. */
    static final class Followed {
        private final Path log;
        private long offset;
        private boolean standingBy;
        final Set<String> eligible = new HashSet<>();

        Followed(Path log) {
            this.log = log;
        }

        // What follows "candidate " in the CandidateGate's line: the host, then what was declared.
        void declared(String hostAndWhat) {
            String host = hostAndWhat.substring(0, Math.max(hostAndWhat.indexOf(' '), 0));
            if (hostAndWhat.contains("confirmed eligible"))
                eligible.add(host);
            else if (hostAndWhat.contains("declared ineligible"))
                eligible.remove(host);
        }

        List<String> newLines() throws IOException {
            ByteBuffer buffer;
            try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
                long size = channel.size();
                if (size <= offset)
                    return List.of();
                buffer = ByteBuffer.allocate((int) Math.min(size - offset, 1 << 20));
                while (buffer.hasRemaining() && channel.read(buffer, offset + buffer.position()) > 0) {
                    // reads up to the size seen
                }
            } catch (NoSuchFileException e) {
                return List.of(); // not written yet
            }
            int end = buffer.position();
            while (end > 0 && buffer.get(end - 1) != '\n')
                end--; // a partial last line is read next time, whole
            offset += end;
            return new String(buffer.array(), 0, end, StandardCharsets.UTF_8).lines().toList();
        }
    }
}
