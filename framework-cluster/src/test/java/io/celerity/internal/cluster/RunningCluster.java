package io.celerity.internal.cluster;

import io.celerity.testhosts.Host;
import io.celerity.testhosts.HostProcess;
import io.celerity.testhosts.Hosts;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Three cluster members, each a {@link MemberMain} process on a host of its own, and what their logs say. */
final class RunningCluster {

    /** Liveness, not speed: JVMs starting and electing on a loaded 2-core machine. */
    static final Duration START_LIMIT = Duration.ofMinutes(3);
    /** Liveness, not speed: a takeover measured below a second when quiet, allowed 30 s when loaded. */
    static final Duration TAKEOVER_LIMIT = Duration.ofSeconds(30);
    private static final int BASE_PORT = 23100; // +10 per member: distinct even on the loopback fallback

    private final Hosts hosts;
    private final Path dir;
    private final String spec;
    private final Map<String, HostProcess> members = new LinkedHashMap<>();
    private final List<HostProcess> everStarted = new ArrayList<>(); // for the lease record: killed ones too

    RunningCluster(Hosts hosts, Path dir) {
        this.hosts = hosts;
        this.dir = dir;
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < hosts.all().size(); i++) {
            Host h = hosts.all().get(i);
            entries.add(h.name() + "=" + h.address() + ":" + (BASE_PORT + 10 * i));
        }
        spec = String.join(",", entries);
    }

    /** Starts every member; returns once each process runs (not yet elected). */
    RunningCluster startAll() throws Exception {
        for (Host h : hosts.all())
            start(h.name());
        return this;
    }

    void start(String name) throws Exception {
        Host host = hosts.host(name);
        HostProcess p = host.startJava(dir.resolve(name + "-" + System.nanoTime() + ".log"), MemberMain.class,
                spec, name, dir.resolve(name).toString());
        members.put(name, p);
        everStarted.add(p);
        p.awaitLine(Pattern.compile("member " + name + " started"), START_LIMIT);
    }

    HostProcess process(String name) {
        return members.get(name);
    }

    /** A member other than {@code excluded} that held the lease at or after {@code sinceNanos}; waits for one. */
    LeaseRecord.Extension awaitHolder(String excluded, long sinceNanos, Duration limit) throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<LeaseRecord.Extension> first = LeaseRecord.extensions(everStarted).stream()
                    .filter(e -> !e.member().equals(excluded) && e.until() > sinceNanos
                            && e.holdsFrom() < e.until() && e.at() >= sinceNanos)
                    .min(Comparator.comparingLong(LeaseRecord.Extension::holdsFrom));
            if (first.isPresent())
                return first.get();
            Thread.sleep(20);
        }
        throw new AssertionError("no member " + (excluded == null ? "" : "but " + excluded + " ")
                + "held the lease within " + limit.toSeconds() + " s\n" + logs());
    }

    /** Waits for {@code name}'s own status thread to print {@code state} (e.g. {@code role=FOLLOWER}) at or after {@code sinceNanos}. */
    void awaitStatus(String name, String state, long sinceNanos, Duration limit) throws InterruptedException {
        Pattern status = Pattern.compile("^status member=" + name + " (.*) at=(-?\\d+)$", Pattern.MULTILINE);
        awaitLog(name, limit, "a status with " + state + " after " + sinceNanos, text -> {
            Matcher m = status.matcher(text);
            while (m.find())
                if (Long.parseLong(m.group(2)) >= sinceNanos && (m.group(1) + " ").contains(state + " "))
                    return true;
            return false;
        });
    }

    /** How many lines of {@code name}'s log contain {@code text}. */
    int count(String name, String text) {
        return members.get(name).logText().split(Pattern.quote(text), -1).length - 1;
    }

    /** Waits for {@code name}'s log to hold more than {@code before} lines containing {@code text}. */
    void awaitMore(String name, String text, int before, Duration limit) throws InterruptedException {
        awaitLog(name, limit, "a line with '" + text + "'", log -> count(name, text) > before);
    }

    private void awaitLog(String name, Duration limit, String what, Predicate<String> done)
            throws InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!done.test(members.get(name).logText())) {
            if (System.nanoTime() > deadline)
                throw new AssertionError("member " + name + " printed no " + what + " within " + limit.toSeconds()
                        + " s\n" + logs());
            Thread.sleep(20);
        }
    }

    /** The end of the last lease {@code name} printed (nanoTime). */
    long lastUntil(String name) {
        return LeaseRecord.extensions(everStarted).stream().filter(e -> e.member().equals(name))
                .mapToLong(LeaseRecord.Extension::until).max().orElse(Long.MIN_VALUE);
    }

    /** Asserts that no two members' leases (nor two terms' of one member) ever overlapped; returns how many there were. */
    int assertNoOverlap() {
        List<LeaseRecord.Interval> intervals = LeaseRecord.intervals(LeaseRecord.extensions(everStarted));
        assertEquals(List.of(), LeaseRecord.overlaps(intervals), "leases overlapping in time:\n" + intervals);
        return intervals.size();
    }

    /** The end of each member's log, for a failure message. */
    String logs() {
        return everStarted.stream().map(p -> "--- " + p + ":\n" + tail(p.logText()))
                .collect(Collectors.joining("\n"));
    }

    private static String tail(String text) {
        return text.length() > 3000 ? "..." + text.substring(text.length() - 3000) : text;
    }
}
